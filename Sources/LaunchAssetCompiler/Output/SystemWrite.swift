#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// write(2) under one name on every C library (inside a type, `write` is the type's own method).
#if canImport(Darwin)
let systemWrite = Darwin.write
#elseif canImport(Glibc)
let systemWrite = Glibc.write
#elseif canImport(Musl)
let systemWrite = Musl.write
#endif
