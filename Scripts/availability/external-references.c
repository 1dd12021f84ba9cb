// Lists every reference a module's code makes to a symbol declared in another module, read from
// a compiler index store (swiftc -index-store-path). One tab-separated line per reference:
//   <source file> <line> <column> <declaring module, or ? if not found> <symbol kind> <symbol name> <USR>
// The declaring module is searched among the modules the module's units depend on, nearest first;
// a symbol that a system module (SDK, toolchain) and a package module both declare (a C header
// included by both) is the system module's.
// Usage: external-references <index store> <module name>
#include <indexstore/indexstore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// A set of strings (USRs), each with a value (the declaring module, once found).
typedef struct {
    char **keys;
    const char **values;
    size_t capacity, count;
} Table;

/// A unit depends on another unit by its name, or on a module built from source by its module name.
typedef struct {
    char *unit, *module;
} Dependency;

typedef struct {
    char *name, *module;
    Dependency *dependencies;
    size_t dependencyCount, dependencyCapacity;
    int isTarget, isSystem, reached;
} Unit;

typedef struct {
    char *name, *file;
    size_t unit;
} Record;

typedef struct {
    const char *file, *usr, *name, *kind;
    unsigned line, column;
} Reference;

static indexstore_t store;
static const char *target;
static char ownPrefix[256];
static Unit *units;
static size_t unitCount, unitCapacity;
static size_t *reachOrder, reachCount;
static Record *records;
static size_t recordCount, recordCapacity;
static Reference *references;
static size_t referenceCount, referenceCapacity;
static Table declaredInTarget, referenced;

static void *grow(void *array, size_t *capacity, size_t element) {
    *capacity = *capacity ? *capacity * 2 : 64;
    void *result = realloc(array, *capacity * element);
    if (!result) { perror("external-references"); exit(2); }
    return result;
}

static char *copy(indexstore_string_ref_t text) {
    char *result = malloc(text.length + 1);
    if (!result) { perror("external-references"); exit(2); }
    memcpy(result, text.data, text.length);
    result[text.length] = 0;
    return result;
}

static indexstore_string_ref_t ref(const char *text) { return (indexstore_string_ref_t){ text, strlen(text) }; }

static size_t slot(const Table *table, indexstore_string_ref_t key) {
    size_t hash = 14695981039346656037u;
    for (size_t i = 0; i < key.length; i++) hash = (hash ^ (unsigned char)key.data[i]) * 1099511628211u;
    size_t index = hash & (table->capacity - 1);
    while (table->keys[index] && !(strlen(table->keys[index]) == key.length && !memcmp(table->keys[index], key.data, key.length)))
        index = (index + 1) & (table->capacity - 1);
    return index;
}

static const char **find(const Table *table, indexstore_string_ref_t key) {
    if (!table->capacity) return NULL;
    size_t index = slot(table, key);
    return table->keys[index] ? &table->values[index] : NULL;
}

static void insert(Table *table, indexstore_string_ref_t key) {
    if (find(table, key)) return;
    if ((table->count + 1) * 2 > table->capacity) {
        Table larger = { NULL, NULL, table->capacity ? table->capacity * 2 : 1024, table->count };
        larger.keys = calloc(larger.capacity, sizeof *larger.keys);
        larger.values = calloc(larger.capacity, sizeof *larger.values);
        if (!larger.keys || !larger.values) { perror("external-references"); exit(2); }
        for (size_t i = 0; i < table->capacity; i++) {
            if (!table->keys[i]) continue;
            size_t index = slot(&larger, ref(table->keys[i]));
            larger.keys[index] = table->keys[i];
            larger.values[index] = table->values[i];
        }
        free(table->keys);
        free(table->values);
        *table = larger;
    }
    table->keys[slot(table, key)] = copy(key);
    table->count++;
}

static const char *kindName(indexstore_symbol_t symbol) {
    static const char *names[] = {
        "unknown", "module", "namespace", "namespace-alias", "macro", "enum", "struct", "class", "protocol",
        "extension", "union", "typealias", "function", "variable", "field", "enum-case", "instance-method",
        "class-method", "static-method", "instance-property", "class-property", "static-property",
        "initializer", "deinitializer", "conversion-function", "parameter", "using", "concept",
    };
    unsigned kind = indexstore_symbol_get_kind(symbol);
    return kind < sizeof names / sizeof *names ? names[kind] : "other";
}

/// The module a unit belongs to. A Swift module's unit is named after its `.swiftmodule` folder:
/// the unit of a standard-library module other than `Swift` (`_Concurrency`) reports `Swift`.
static char *unitModule(indexstore_unit_reader_t unit) {
    char *output = copy(indexstore_unit_reader_get_output_file(unit));
    char *suffix = strstr(output, ".swiftmodule/");
    if (!suffix) {
        free(output);
        return copy(indexstore_unit_reader_get_module_name(unit));
    }
    *suffix = 0;
    char *name = strrchr(output, '/');
    char *module = copy(ref(name ? name + 1 : output));
    free(output);
    return module;
}

static bool collectDependency(void *context, indexstore_unit_dependency_t dependency) {
    size_t index = (size_t)context;
    Unit *unit = &units[index];
    switch (indexstore_unit_dependency_get_kind(dependency)) {
    case INDEXSTORE_UNIT_DEPENDENCY_UNIT:
        if (unit->dependencyCount == unit->dependencyCapacity)
            unit->dependencies = grow(unit->dependencies, &unit->dependencyCapacity, sizeof *unit->dependencies);
        unit->dependencies[unit->dependencyCount++] = (Dependency){
            copy(indexstore_unit_dependency_get_name(dependency)), copy(indexstore_unit_dependency_get_modulename(dependency)),
        };
        break;
    case INDEXSTORE_UNIT_DEPENDENCY_RECORD:
        if (recordCount == recordCapacity) records = grow(records, &recordCapacity, sizeof *records);
        records[recordCount++] = (Record){
            copy(indexstore_unit_dependency_get_name(dependency)), copy(indexstore_unit_dependency_get_filepath(dependency)), index,
        };
        break;
    default:
        break;
    }
    return true;
}

static bool collectUnit(void *context, indexstore_string_ref_t name) {
    (void)context;
    if (unitCount == unitCapacity) units = grow(units, &unitCapacity, sizeof *units);
    Unit *unit = &units[unitCount];
    *unit = (Unit){ .name = copy(name) };
    indexstore_error_t error = NULL;
    indexstore_unit_reader_t reader = indexstore_unit_reader_create(store, unit->name, &error);
    if (!reader) {
        fprintf(stderr, "external-references: unit %s: %s\n", unit->name, indexstore_error_get_description(error));
        exit(2);
    }
    unit->module = unitModule(reader);
    unit->isTarget = !strcmp(unit->module, target);
    unit->isSystem = indexstore_unit_reader_is_system_unit(reader);
    indexstore_unit_reader_dependencies_apply_f(reader, (void *)unitCount, collectDependency);
    indexstore_unit_reader_dispose(reader);
    unitCount++;
    return true;
}

static int isDependency(const Unit *unit, const Dependency *dependency) {
    return *dependency->unit ? !strcmp(unit->name, dependency->unit) : !strcmp(unit->module, dependency->module);
}

/// Lists the target's units, then every unit they depend on, nearest first (breadth first).
static void reachDependencies(void) {
    reachOrder = malloc((unitCount + 1) * sizeof *reachOrder);
    if (!reachOrder) { perror("external-references"); exit(2); }
    for (size_t i = 0; i < unitCount; i++)
        if (units[i].isTarget) { units[i].reached = 1; reachOrder[reachCount++] = i; }
    for (size_t next = 0; next < reachCount; next++) {
        const Unit *unit = &units[reachOrder[next]];
        for (size_t d = 0; d < unit->dependencyCount; d++)
            for (size_t i = 0; i < unitCount; i++)
                if (!units[i].reached && isDependency(&units[i], &unit->dependencies[d])) {
                    units[i].reached = 1;
                    reachOrder[reachCount++] = i;
                }
    }
}

static const indexstore_symbol_role_t declares = INDEXSTORE_SYMBOL_ROLE_DECLARATION | INDEXSTORE_SYMBOL_ROLE_DEFINITION;

static bool collectTargetDeclaration(void *context, indexstore_symbol_t symbol) {
    (void)context;
    if (indexstore_symbol_get_roles(symbol) & declares) insert(&declaredInTarget, indexstore_symbol_get_usr(symbol));
    return true;
}

static bool isAccessor(indexstore_symbol_t symbol) {
    unsigned subkind = indexstore_symbol_get_subkind(symbol);
    return subkind == INDEXSTORE_SYMBOL_SUBKIND_ACCESSORGETTER || subkind == INDEXSTORE_SYMBOL_SUBKIND_ACCESSORSETTER
        || (subkind >= INDEXSTORE_SYMBOL_SUBKIND_SWIFTACCESSORWILLSET && subkind <= INDEXSTORE_SYMBOL_SUBKIND_SWIFTACCESSORMUTABLEADDRESSOR)
        || (subkind >= INDEXSTORE_SYMBOL_SUBKIND_SWIFTACCESSORREAD && subkind <= INDEXSTORE_SYMBOL_SUBKIND_SWIFTACCESSORMUTATE);
}

static bool collectReference(void *file, indexstore_occurrence_t occurrence) {
    indexstore_symbol_role_t roles = indexstore_occurrence_get_roles(occurrence);
    indexstore_symbol_t symbol = indexstore_occurrence_get_symbol(occurrence);
    indexstore_string_ref_t usr = indexstore_symbol_get_usr(symbol);
    unsigned kind = indexstore_symbol_get_kind(symbol);
    // Imports, parameters and accessors (the property itself is reported) are not APIs to review;
    // nor is what the target declares, or what the compiler synthesizes in it (`rawValue`).
    if (!(roles & INDEXSTORE_SYMBOL_ROLE_REFERENCE) || (roles & declares) || kind == INDEXSTORE_SYMBOL_KIND_MODULE
        || kind == INDEXSTORE_SYMBOL_KIND_PARAMETER || isAccessor(symbol) || find(&declaredInTarget, usr)
        || (usr.length > strlen(ownPrefix) && !memcmp(usr.data, ownPrefix, strlen(ownPrefix))))
        return true;
    if (referenceCount == referenceCapacity) references = grow(references, &referenceCapacity, sizeof *references);
    Reference *reference = &references[referenceCount++];
    reference->file = file;
    reference->usr = copy(usr);
    reference->name = copy(indexstore_symbol_get_name(symbol));
    reference->kind = kindName(symbol);
    indexstore_occurrence_get_line_col(occurrence, &reference->line, &reference->column);
    insert(&referenced, usr);
    return true;
}

static bool collectDeclaringModule(void *module, indexstore_symbol_t symbol) {
    if (!(indexstore_symbol_get_roles(symbol) & declares)) return true;
    const char **value = find(&referenced, indexstore_symbol_get_usr(symbol));
    if (value && !*value) *value = module;
    return true;
}

/// Applies `symbol` to the symbols, or `occurrence` to the occurrences, of the records of the
/// units `wanted` picks, nearest units first.
static void readRecords(int (*wanted)(const Unit *), bool (*symbol)(void *, indexstore_symbol_t),
                        bool (*occurrence)(void *, indexstore_occurrence_t)) {
    for (size_t r = 0; r < reachCount; r++) {
        const Unit *unit = &units[reachOrder[r]];
        if (!wanted(unit)) continue;
        for (size_t i = 0; i < recordCount; i++) {
            if (records[i].unit != reachOrder[r]) continue;
            indexstore_error_t error = NULL;
            indexstore_record_reader_t reader = indexstore_record_reader_create(store, records[i].name, &error);
            if (!reader) {
                fprintf(stderr, "external-references: record %s: %s\n", records[i].name, indexstore_error_get_description(error));
                exit(2);
            }
            if (occurrence) indexstore_record_reader_occurrences_apply_f(reader, records[i].file, occurrence);
            else indexstore_record_reader_symbols_apply_f(reader, true, unit->module, symbol);
            indexstore_record_reader_dispose(reader);
        }
    }
}

static int isTarget(const Unit *unit) { return unit->isTarget; }
static int isSystemDependency(const Unit *unit) { return !unit->isTarget && unit->isSystem; }
static int isPackageDependency(const Unit *unit) { return !unit->isTarget && !unit->isSystem; }

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: external-references <index store> <module name>\n");
        return 2;
    }
    target = argv[2];
    snprintf(ownPrefix, sizeof ownPrefix, "s:%zu%s", strlen(target), target);
    indexstore_error_t error = NULL;
    store = indexstore_store_create(argv[1], &error);
    if (!store) {
        fprintf(stderr, "external-references: %s: %s\n", argv[1], indexstore_error_get_description(error));
        return 2;
    }
    indexstore_store_units_apply_f(store, 0, NULL, collectUnit);
    reachDependencies();
    if (!reachCount) {
        fprintf(stderr, "external-references: %s: no unit of module %s\n", argv[1], target);
        return 2;
    }
    readRecords(isTarget, collectTargetDeclaration, NULL);
    readRecords(isTarget, NULL, collectReference);
    readRecords(isSystemDependency, collectDeclaringModule, NULL);
    readRecords(isPackageDependency, collectDeclaringModule, NULL);
    for (size_t i = 0; i < referenceCount; i++) {
        const Reference *reference = &references[i];
        const char *module = *find(&referenced, ref(reference->usr));
        printf("%s\t%u\t%u\t%s\t%s\t%s\t%s\n", reference->file, reference->line, reference->column, module ? module : "?",
               reference->kind, reference->name, reference->usr);
    }
    return 0;
}
