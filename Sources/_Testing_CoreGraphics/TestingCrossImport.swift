// The toolchain's Swift Testing declares a cross-import overlay with Core Graphics
// (Testing.swiftcrossimport/CoreGraphics.swiftoverlay names `_Testing_CoreGraphics`),
// whose module it ships only on Apple platforms. On Linux, a test that imports both
// Testing and this package's CoreGraphics (directly, or through CoreText) would fail
// with "no such module '_Testing_CoreGraphics'". This module stands in for it, so
// such tests compile; it declares nothing (Apple's adds attachments of CGImage).
enum TestingCoreGraphicsCrossImport {}
