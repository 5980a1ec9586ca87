// `import CoreGraphics` on Linux: Core Graphics' types from OpenCanvas's bridge
// (contexts, paths, images, colours, gradients, affine transforms and their
// enums), with Foundation (CGFloat, CGPoint, CGSize, CGRect), so that code written
// against Core Graphics compiles unchanged. Only these declarations are exported,
// not the rest of OpenCanvas's drawing API.
@_exported import Foundation
// Built with Core Graphics so that Swift Testing's cross-import overlay resolves
// in tests that import both (see the module's comment); it declares nothing.
import _Testing_CoreGraphics
@_exported import struct OpenCanvasDrawing.CGAffineTransform
@_exported import struct OpenCanvasDrawing.CGVector
@_exported import struct OpenCanvasDrawing.CGBitmapInfo
@_exported import struct OpenCanvasDrawing.CGGradientDrawingOptions
@_exported import class OpenCanvasDrawing.CGContext
@_exported import class OpenCanvasDrawing.CGPath
@_exported import class OpenCanvasDrawing.CGMutablePath
@_exported import class OpenCanvasDrawing.CGImage
@_exported import class OpenCanvasDrawing.CGColor
@_exported import class OpenCanvasDrawing.CGColorSpace
@_exported import class OpenCanvasDrawing.CGGradient
@_exported import class OpenCanvasDrawing.CGDataProvider
@_exported import class OpenCanvasDrawing.CGDataConsumer
@_exported import typealias OpenCanvasDrawing.CFURL
@_exported import typealias OpenCanvasDrawing.CFData
@_exported import typealias OpenCanvasDrawing.CFMutableData
@_exported import typealias OpenCanvasDrawing.CFDictionary
@_exported import typealias OpenCanvasDrawing.CFString
@_exported import var OpenCanvasDrawing.kCGPDFContextTitle
@_exported import var OpenCanvasDrawing.kCGPDFContextAuthor
@_exported import var OpenCanvasDrawing.kCGPDFContextSubject
@_exported import var OpenCanvasDrawing.kCGPDFContextKeywords
@_exported import var OpenCanvasDrawing.kCGPDFContextCreator
@_exported import var OpenCanvasDrawing.kCGPDFContextMediaBox
@_exported import enum OpenCanvasDrawing.CGBlendMode
@_exported import enum OpenCanvasDrawing.CGLineCap
@_exported import enum OpenCanvasDrawing.CGLineJoin
@_exported import enum OpenCanvasDrawing.CGPathFillRule
@_exported import enum OpenCanvasDrawing.CGPathDrawingMode
@_exported import enum OpenCanvasDrawing.CGImageAlphaInfo
@_exported import enum OpenCanvasDrawing.CGInterpolationQuality
@_exported import enum OpenCanvasDrawing.CGColorRenderingIntent
@_exported import enum OpenCanvasDrawing.CGColorSpaceModel
@_exported import func OpenCanvasDrawing.CGColorSpaceCreateDeviceRGB
@_exported import func OpenCanvasDrawing.CGColorSpaceCreateDeviceGray
