import Testing
import OpenCanvas
import OpenCanvasViews
import CanvasPaint

/// The three blend-mode types agree through the engine's table, not through the
/// order of their cases.
@Suite("Blend modes: one table")
struct BlendModeTableTests {
    @Test func theTableHasEveryModeOnceWithDistinctRawValues() {
        let table = CanvasPaint.BlendMode.table
        #expect(table.count == CanvasPaint.BlendMode.allCases.count)
        #expect(Set(table.map(\.mode)) == Set(CanvasPaint.BlendMode.allCases))
        #expect(Set(table.map(\.coreGraphicsRawValue)).count == table.count)
        #expect(Set(table.map(\.name)).count == table.count)
        for mode in CanvasPaint.BlendMode.allCases {
            #expect(mode.entry.mode == mode)
            #expect(CanvasPaint.BlendMode(coreGraphicsRawValue: mode.coreGraphicsRawValue) == mode)
            #expect(mode.entry.name == "\(mode)")        // the engine's case names are SwiftUI's
        }
        #expect(CanvasPaint.BlendMode(coreGraphicsRawValue: -1) == nil)
        #expect(CanvasPaint.BlendMode(coreGraphicsRawValue: 28) == nil)
        #expect(CanvasPaint.BlendMode(coreGraphicsRawValue: .max) == nil)
    }

    @Test func coreGraphicsModesMatchTheTableByName() {
        #expect(CGBlendMode.allCases.count == CanvasPaint.BlendMode.table.count)
        for cg in CGBlendMode.allCases {
            let mode = CanvasPaint.BlendMode(coreGraphicsRawValue: cg.rawValue)
            #expect(mode?.entry.name == "\(cg)", "CGBlendMode.\(cg) has raw value \(cg.rawValue)")
        }
    }

    @Test func graphicsContextModesMatchTheTableByName() {
        let modes: [(String, GraphicsContext.BlendMode)] = [
            ("normal", .normal), ("multiply", .multiply), ("screen", .screen), ("overlay", .overlay),
            ("darken", .darken), ("lighten", .lighten), ("colorDodge", .colorDodge), ("colorBurn", .colorBurn),
            ("softLight", .softLight), ("hardLight", .hardLight), ("difference", .difference),
            ("exclusion", .exclusion), ("hue", .hue), ("saturation", .saturation), ("color", .color),
            ("luminosity", .luminosity), ("clear", .clear), ("copy", .copy), ("sourceIn", .sourceIn),
            ("sourceOut", .sourceOut), ("sourceAtop", .sourceAtop), ("destinationOver", .destinationOver),
            ("destinationIn", .destinationIn), ("destinationOut", .destinationOut),
            ("destinationAtop", .destinationAtop), ("xor", .xor), ("plusDarker", .plusDarker),
            ("plusLighter", .plusLighter),
        ]
        #expect(modes.count == CanvasPaint.BlendMode.table.count)
        for (name, mode) in modes {
            let engine = CanvasPaint.BlendMode(coreGraphicsRawValue: mode.rawValue)
            #expect(engine?.entry.name == name, "GraphicsContext.BlendMode.\(name) has raw value \(mode.rawValue)")
            #expect(CGBlendMode(rawValue: mode.rawValue).map { "\($0)" } == name)
        }
    }
}

extension BlendModeTableTests {
    @Test func viewBlendModesAreTableModes() {
        #expect(OpenCanvasViews.BlendMode.allCases.count == 21)
        for mode in OpenCanvasViews.BlendMode.allCases {
            #expect(CanvasPaint.BlendMode.table.contains { $0.name == "\(mode)" }, "BlendMode.\(mode) is not in the table")
        }
    }
}
