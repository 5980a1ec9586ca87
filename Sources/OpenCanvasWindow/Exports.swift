// One import gives the window and everything `import OpenCanvas` gives.
@_exported import OpenCanvas
