import Foundation
import OpenCanvas

extension Scenes {
    /// A year of days in one canvas: a rounded square per day in columns of weeks
    /// (Sunday at the top), the month names along the top over the week in which
    /// each month begins, and the days of three trips in the highlight colour.
    public static let yearGrid = Scene(
        name: "year-grid",
        summary: "2027 as 365 squares in week columns, month names on top, trip days highlighted",
        size: CGSize(width: 390, height: 84)
    ) { context, size in
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let year = 2027
        let january1 = calendar.date(from: DateComponents(year: year, month: 1, day: 1))!
        let days = calendar.range(of: .day, in: .year, for: january1)!.count
        // 0 = Sunday … 6 = Saturday for January 1.
        let firstRow = calendar.component(.weekday, from: january1) - 1
        let step = size.width / 53
        let top: CGFloat = 16

        // Trips: first day of the year (0-based) and number of nights.
        let trips = [(start: 40, nights: 6), (start: 180, nights: 12), (start: 330, nights: 4)]
        var away = Set<Int>()
        for trip in trips { for night in 0..<trip.nights { away.insert(trip.start + night) } }

        for day in 0..<days {
            let slot = day + firstRow
            let square = CGRect(x: Double(slot / 7) * step, y: top + Double(slot % 7) * step,
                                width: step - 1.5, height: step - 1.5)
            let color = away.contains(day) ? Color.mint : Color.gray.opacity(0.25)
            context.fill(Path(roundedRect: square, cornerRadius: 1.5), with: .color(color))
        }

        // The calendar's own short month names, as the seed's grid takes them (a
        // date formatter made and run every frame cost hundreds of allocations).
        calendar.locale = Locale(identifier: "en_US_POSIX")
        let names = calendar.shortMonthSymbols
        for month in 1...12 {
            let first = calendar.date(from: DateComponents(year: year, month: month, day: 1))!
            let day = calendar.ordinality(of: .day, in: .year, for: first)! - 1
            let column = (day + firstRow) / 7
            let label = Text(names[month - 1]).font(.system(size: 9)).foregroundColor(.secondary)
            context.draw(label, at: CGPoint(x: Double(column) * step, y: 0), anchor: .topLeading)
        }
    }
}
