import SwiftUI

/// A swatch of the package's brand colour, from its asset catalog.
public struct BrandSwatch: View {
    public init() {}
    public var body: some View {
        RoundedRectangle(cornerRadius: 4)
            .fill(Color("Brand", bundle: .module))
            .frame(width: 30, height: 30)
    }
}

#Preview("Light", traits: .sizeThatFitsLayout) {
    BrandSwatch()
}

#Preview("Dark", traits: .sizeThatFitsLayout) {
    BrandSwatch().preferredColorScheme(.dark)
}
