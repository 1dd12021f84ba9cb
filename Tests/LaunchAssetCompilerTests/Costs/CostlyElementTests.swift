import Foundation
import LaunchScreenRepair
import Testing

@testable import LaunchAssetCompiler

/// The filters and embedded images an instance draws, traced back to the template files.
@Suite("The filters and images an instance draws")
struct CostlyElementTests {
    /// The first instance of the only layout, drawn with `main.svg` and its partials.
    private func elements(templates: [String: String]) throws -> ([CostlyElement], PlannerFixture) {
        let fixture = try PlannerFixture(
            layouts: ["default.json": layoutJSON(id: "default", template: "main.svg", idioms: ["phone"])], templates: templates)
        let planner = try fixture.planner([device("phone")])
        let instance = try #require(try planner.plan().first)
        return (CostlyElement.elements(of: instance, template: "main.svg", templates: planner.templates), fixture)
    }

    @Test func aFilterInAPartialIsNamedAndPlacedAsThePartialWritesIt() throws {
        let glow = """
            <g>
              <filter id="soft"><feMorphology radius="2"/><feGaussianBlur stdDeviation="8"/><feFlood/><feComposite/></filter>
              <circle r="4" filter="url(#soft)" fill="{{ink}}"/>
            </g>
            """
        let main = """
            <svg xmlns="http://www.w3.org/2000/svg" width="{{width}}" height="{{height}}" viewBox="0 0 {{pointWidth}} {{pointHeight}}">
              <rect width="100%" height="100%" fill="{{background}}"/>
              {{> glow}}
            </svg>
            """
        let (found, fixture) = try elements(templates: ["main.svg": main, "glow.svg": glow])
        defer { fixture.remove() }
        let (line, column) = place(of: #"id="soft""#, in: glow)
        let file = displayed(fixture.templates.appendingPathComponent("glow.svg"))
        #expect(
            found == [
                CostlyElement(
                    kind: .filter(
                        id: "soft", primitives: ["feMorphology radius=2", "feGaussianBlur stdDeviation=8"], otherPrimitives: 2, uses: 1),
                    file: file, line: line, column: column)
            ])
        #expect(
            found.first?.description
                == "filter \"soft\" (feMorphology radius=2, feGaussianBlur stdDeviation=8, 2 other primitives, used by 1 element) at \(file):\(line):\(column)"
        )
    }

    @Test func anEmbeddedDataURIIsDescribedByItsHeaderAndBytes() throws {
        let png = try SVGRenderer().png(#"<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20"/>"#, width: 30, height: 20)
        let uri = "data:image/png;base64,\(png.base64EncodedString())"
        let main = """
            <svg xmlns="http://www.w3.org/2000/svg" width="{{width}}" height="{{height}}" viewBox="0 0 {{pointWidth}} {{pointHeight}}">
              <rect width="100%" height="100%" fill="{{background}}"/>
              <image x="2" href="\(uri)" width="10" height="10"/>
              <image href="mark.svg" width="10" height="10"/>
            </svg>
            """
        let mark = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>"#
        let (found, fixture) = try elements(templates: ["main.svg": main, "mark.svg": mark])
        defer { fixture.remove() }
        let (line, column) = place(of: "data:image/png", in: main)
        let file = displayed(fixture.templates.appendingPathComponent("main.svg"))
        // The SVG image is drawn as part of the template: not a raster to name.
        #expect(
            found == [
                CostlyElement(
                    kind: .raster(file: nil, header: ImageHeader(format: .png, width: 30, height: 20), bytes: png.count), file: file,
                    line: line, column: column)
            ])
        #expect(
            found.first?.description
                == "embedded image (data: URI, 30x20 PNG, \(SizeReport.megabytes(png.count))) at \(file):\(line):\(column)")
    }
}
