import SwiftUI

/// The year as a grid of days: past days filled, today highlighted — the seeds'
/// year-grid style, with Calendar arithmetic.
public struct YearGrid: View {
    let today: Date
    let calendar = Calendar(identifier: .gregorian)
    public init(today: Date) { self.today = today }

    var dayOfYear: Int { calendar.ordinality(of: .day, in: .year, for: today) ?? 1 }
    var daysInYear: Int { calendar.range(of: .day, in: .year, for: today)?.count ?? 365 }

    public var body: some View {
        VStack(alignment: .leading) {
            Text("\(dayOfYear) / \(daysInYear)").font(.caption.monospacedDigit())
            Canvas { context, size in
                let columns = 19
                let cell = size.width / CGFloat(columns)
                for day in 0..<daysInYear {
                    let rect = CGRect(x: CGFloat(day % columns) * cell, y: CGFloat(day / columns) * cell,
                                      width: cell - 2, height: cell - 2)
                    let style: Color = day + 1 < dayOfYear ? .primary : (day + 1 == dayOfYear ? .orange : .secondary.opacity(0.3))
                    context.fill(Path(ellipseIn: rect), with: .color(style))
                }
            }
            .frame(width: 190, height: 200)
        }
        .padding(8)
    }
}

#Preview(traits: .landscapeLeft) {
    YearGrid(today: Date(timeIntervalSinceReferenceDate: 800_000_000))
}
