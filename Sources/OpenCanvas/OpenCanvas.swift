// The module users import. It adds no code of its own: it re-exports the layers
// a drawing program needs, so that one `import OpenCanvas` gives GraphicsContext,
// the views, and the headless host. The X11 window is the separate product
// `OpenCanvasWindow` (which re-exports this module), so that a server that only
// renders images links no X11 library.
@_exported import OpenCanvasDrawing
@_exported import OpenCanvasViews
@_exported import OpenCanvasHeadless
