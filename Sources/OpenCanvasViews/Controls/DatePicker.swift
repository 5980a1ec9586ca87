import Foundation
import OpenCanvasDrawing

/// The parts of a date a `DatePicker` edits.
public struct DatePickerComponents: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The day, month and year.
    public static let date = DatePickerComponents(rawValue: 1)
    /// The hour and minute.
    public static let hourAndMinute = DatePickerComponents(rawValue: 2)
}

/// A control that chooses a date and time, in the environment's calendar,
/// time zone and locale, kept within `range`.
///
///     DatePicker("Start", selection: $start, displayedComponents: .date)
///
/// The compact style (the default) shows the label leading and the date and
/// time in grey capsules trailing; a tap on the date opens a month calendar
/// next to it (arrows turn the month, a tap on a day chooses it, keeping the
/// time), a tap on the time opens hour and minute wheels. The graphical style
/// shows the calendar inline, the wheel style the wheels. Days outside the
/// range are dimmed and cannot be chosen. A screen reader hears
/// "<label>, <date and time>, Button".
public struct DatePicker<Label: View>: View {
    let selection: Binding<Date>
    let range: ClosedRange<Date>?
    let components: DatePickerComponents
    let label: Label
    @Environment(\.datePickerStyleKind) private var style

    /// A picker of `selection` within `range`, showing `displayedComponents`.
    public init(selection: Binding<Date>, in range: ClosedRange<Date>? = nil,
                displayedComponents: DatePickerComponents = [.hourAndMinute, .date], @ViewBuilder label: () -> Label) {
        self.selection = selection
        self.range = range
        components = displayedComponents
        self.label = label()
    }

    /// A picker of a date from `range`'s start on.
    public init(selection: Binding<Date>, in range: PartialRangeFrom<Date>,
                displayedComponents: DatePickerComponents = [.hourAndMinute, .date], @ViewBuilder label: () -> Label) {
        self.init(selection: selection, in: safeRange(range.lowerBound, nil), displayedComponents: displayedComponents,
                  label: label)
    }

    /// A picker of a date up to `range`'s end.
    public init(selection: Binding<Date>, in range: PartialRangeThrough<Date>,
                displayedComponents: DatePickerComponents = [.hourAndMinute, .date], @ViewBuilder label: () -> Label) {
        self.init(selection: selection, in: safeRange(nil, range.upperBound), displayedComponents: displayedComponents,
                  label: label)
    }

    /// The picker as its style draws it.
    public var body: some View {
        let model = DateModel(selection: selection, range: range)
        switch style {
        case .graphical:
            VStack(alignment: .leading, spacing: 8) {
                MonthCalendar(model: model)
                if components.contains(.hourAndMinute) { CompactDateRow(model: model, label: AnyView(label), components: .hourAndMinute) }
            }
        case .wheel:
            DateWheels(model: model, components: components)
                .accessibilityElement(children: .contain)
        case .compact:
            CompactDateRow(model: model, label: AnyView(label), components: components)
        }
    }
}

extension DatePicker where Label == Text {
    /// A picker with a localized title.
    public init(_ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: ClosedRange<Date>? = nil,
                displayedComponents: DatePickerComponents = [.hourAndMinute, .date]) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(titleKey) }
    }

    /// A picker with a title shown as it is.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>, in range: ClosedRange<Date>? = nil,
                                   displayedComponents: DatePickerComponents = [.hourAndMinute, .date]) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(title) }
    }

    /// A picker with a localized title, from `range`'s start on.
    public init(_ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: PartialRangeFrom<Date>,
                displayedComponents: DatePickerComponents = [.hourAndMinute, .date]) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(titleKey) }
    }

    /// A picker with a localized title, up to `range`'s end.
    public init(_ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: PartialRangeThrough<Date>,
                displayedComponents: DatePickerComponents = [.hourAndMinute, .date]) {
        self.init(selection: selection, in: range, displayedComponents: displayedComponents) { Text(titleKey) }
    }
}

/// A range from `lower` to `upper` (`nil`: no bound); a non-finite bound is
/// none, and bounds the wrong way round are swapped (a range whose lower bound
/// is above its upper would trap).
func safeRange(_ lower: Date?, _ upper: Date?) -> ClosedRange<Date>? {
    let lo = lower.flatMap { $0.timeIntervalSinceReferenceDate.isFinite ? $0 : nil }
    let hi = upper.flatMap { $0.timeIntervalSinceReferenceDate.isFinite ? $0 : nil }
    switch (lo, hi) {
    case (nil, nil): return nil
    case (let l?, nil): return min(l, .distantFuture)...max(l, .distantFuture)
    case (nil, let h?): return min(h, .distantPast)...max(h, .distantPast)
    case (let l?, let h?): return min(l, h)...max(l, h)
    }
}

/// How date pickers look. As in SwiftUI, the styles are the system's.
@MainActor @preconcurrency
public protocol DatePickerStyle {}
/// The default: compact.
public struct DefaultDatePickerStyle: DatePickerStyle {
    /// The default style.
    public init() {}
}
/// The label, and the date and time in capsules that open a calendar and wheels.
public struct CompactDatePickerStyle: DatePickerStyle {
    /// The compact style.
    public init() {}
}
/// A month calendar, inline.
public struct GraphicalDatePickerStyle: DatePickerStyle {
    /// The graphical style.
    public init() {}
}
/// Wheels, inline.
public struct WheelDatePickerStyle: DatePickerStyle {
    /// The wheel style.
    public init() {}
}
extension DatePickerStyle where Self == DefaultDatePickerStyle {
    /// The default style (compact).
    public static var automatic: DefaultDatePickerStyle { DefaultDatePickerStyle() }
}
extension DatePickerStyle where Self == CompactDatePickerStyle {
    /// Capsules that open a calendar and wheels.
    public static var compact: CompactDatePickerStyle { CompactDatePickerStyle() }
}
extension DatePickerStyle where Self == GraphicalDatePickerStyle {
    /// A calendar.
    public static var graphical: GraphicalDatePickerStyle { GraphicalDatePickerStyle() }
}
extension DatePickerStyle where Self == WheelDatePickerStyle {
    /// Wheels.
    public static var wheel: WheelDatePickerStyle { WheelDatePickerStyle() }
}

enum DatePickerStyleKind { case compact, graphical, wheel }

private struct DatePickerStyleKey: EnvironmentKey {
    static var defaultValue: DatePickerStyleKind { .compact }
}
private struct TimeZoneKey: EnvironmentKey {
    static var defaultValue: TimeZone { TimeZone.current }
}
private struct CalendarKey: EnvironmentKey {
    static var defaultValue: Calendar { Calendar.current }
}

extension EnvironmentValues {
    var datePickerStyleKind: DatePickerStyleKind {
        get { self[DatePickerStyleKey.self] }
        set { self[DatePickerStyleKey.self] = newValue }
    }

    /// The time zone dates are shown in (the system's by default).
    public var timeZone: TimeZone {
        get { self[TimeZoneKey.self] }
        set { self[TimeZoneKey.self] = newValue }
    }

    /// The calendar dates are shown in (the system's by default).
    public var calendar: Calendar {
        get { self[CalendarKey.self] }
        set { self[CalendarKey.self] = newValue }
    }
}

extension View {
    /// The style of the date pickers inside.
    public func datePickerStyle<S: DatePickerStyle>(_ style: S) -> some View {
        let kind: DatePickerStyleKind
        switch style {
        case is GraphicalDatePickerStyle: kind = .graphical
        case is WheelDatePickerStyle: kind = .wheel
        default: kind = .compact
        }
        return environment(\.datePickerStyleKind, kind)
    }
}

/// A date picker's selection, kept in its range.
@MainActor
struct DateModel {
    let selection: Binding<Date>
    let range: ClosedRange<Date>?

    /// The selection; a non-finite or far-off date (beyond ±10,000 years) is
    /// shown as the reference date, which the calendar can take apart.
    var date: Date {
        let t = selection.wrappedValue.timeIntervalSinceReferenceDate
        return t.isFinite && abs(t) < 3e11 ? selection.wrappedValue : Date(timeIntervalSinceReferenceDate: 0)
    }

    func set(_ date: Date) {
        guard date.timeIntervalSinceReferenceDate.isFinite, abs(date.timeIntervalSinceReferenceDate) < 3e11 else { return }
        var d = date
        if let range { d = min(max(d, range.lowerBound), range.upperBound) }
        selection.wrappedValue = d
    }

    func allows(day start: Date, calendar: Calendar) -> Bool {
        guard let range else { return true }
        let end = calendar.date(byAdding: .day, value: 1, to: start) ?? start
        return end > range.lowerBound && start <= range.upperBound
    }
}

/// The calendar of the environment, in its time zone.
@MainActor
private func zonedCalendar(_ environment: EnvironmentValues) -> Calendar {
    var calendar = environment.calendar
    calendar.timeZone = environment.timeZone
    calendar.locale = environment.locale
    return calendar
}

@MainActor
private func format(_ date: Date, date dateStyle: DateFormatter.Style, time timeStyle: DateFormatter.Style,
                    _ environment: EnvironmentValues) -> String {
    let f = DateFormatter()
    f.locale = environment.locale
    f.timeZone = environment.timeZone
    f.calendar = zonedCalendar(environment)
    f.dateStyle = dateStyle
    f.timeStyle = timeStyle
    return f.string(from: date)
}

/// The compact row: the label, then the date and time capsules.
struct CompactDateRow: View {
    let model: DateModel
    let label: AnyView
    let components: DatePickerComponents
    @State private var opened: DatePickerComponents? = nil
    @Environment(\.self) private var environment
    @Environment(\.tint) private var tint
    @Environment(\.isEnabled) private var isEnabled

    var body: some View {
        let date = model.date
        HStack(spacing: 8) {
            label
            Spacer(minLength: 8)
            if components.contains(.date) {
                capsule(format(date, date: .medium, time: .none, environment), part: .date)
                    .presentation(isPresented: Binding(get: { opened == .date }, set: { if !$0 { opened = nil } }),
                                  anchored: true) { _ in
                        AnyView(MonthCalendar(model: model).padding(12).frame(width: 320)
                            .background(Color.menuBackground, in: RoundedRectangle(cornerRadius: 13))
                            .shadow(color: .black.opacity(0.15), radius: 16, x: 0, y: 4))
                    }
            }
            if components.contains(.hourAndMinute) {
                capsule(format(date, date: .none, time: .short, environment), part: .hourAndMinute)
                    .presentation(isPresented: Binding(get: { opened == .hourAndMinute }, set: { if !$0 { opened = nil } }),
                                  anchored: true) { _ in
                        AnyView(DateWheels(model: model, components: .hourAndMinute).frame(width: 240)
                            .padding(8)
                            .background(Color.menuBackground, in: RoundedRectangle(cornerRadius: 13))
                            .shadow(color: .black.opacity(0.15), radius: 16, x: 0, y: 4))
                    }
            }
        }
        .frame(minHeight: 34)
        .accessibilityElement(children: .combine)
    }

    private func capsule(_ text: String, part: DatePickerComponents) -> some View {
        Text(verbatim: text)
            .foregroundColor(opened == part ? (tint ?? .blue) : .primary)
            .padding(.horizontal, 11).padding(.vertical, 6)
            .background(Color.tertiarySystemFill, in: RoundedRectangle(cornerRadius: 6))
            .contentShape(Rectangle())
            .onTapGesture { if isEnabled { opened = part } }
            .accessibilityAddTraits(.isButton)
    }
}

/// A month of days: the month and arrows, the weekdays, the days (the chosen
/// one on a tint circle).
struct MonthCalendar: View {
    let model: DateModel
    @State private var shownMonth: Date?
    @Environment(\.self) private var environment
    @Environment(\.tint) private var tint

    var body: some View {
        let calendar = zonedCalendar(environment)
        let selected = model.date
        let month = shownMonth ?? calendar.dateInterval(of: .month, for: selected)?.start ?? selected
        let days = calendar.range(of: .day, in: .month, for: month) ?? 1..<31
        let firstWeekday = calendar.component(.weekday, from: month)
        let lead = (firstWeekday - calendar.firstWeekday + 7) % 7
        let symbols = calendar.veryShortStandaloneWeekdaySymbols
        let header: DateFormatter = {
            let f = DateFormatter()
            f.locale = environment.locale
            f.timeZone = environment.timeZone
            f.calendar = calendar
            f.setLocalizedDateFormatFromTemplate("MMMM yyyy")
            return f
        }()
        let accent = tint ?? .blue
        return VStack(spacing: 8) {
            HStack {
                Text(verbatim: header.string(from: month)).font(.system(size: 17, weight: .semibold))
                Spacer()
                Image(systemName: "chevron.left").foregroundColor(accent).frame(width: 32, height: 32)
                    .contentShape(Rectangle())
                    .onTapGesture { shownMonth = calendar.date(byAdding: .month, value: -1, to: month) }
                    .accessibilityElement().accessibilityLabel("Previous month").accessibilityAddTraits(.isButton)
                Image(systemName: "chevron.right").foregroundColor(accent).frame(width: 32, height: 32)
                    .contentShape(Rectangle())
                    .onTapGesture { shownMonth = calendar.date(byAdding: .month, value: 1, to: month) }
                    .accessibilityElement().accessibilityLabel("Next month").accessibilityAddTraits(.isButton)
            }
            LazyVGrid(columns: Array(repeating: GridItem(.flexible(), spacing: 0), count: 7), spacing: 4) {
                ForEach(0..<7, id: \.self) { i in
                    Text(verbatim: symbols.isEmpty ? "" : symbols[(i + calendar.firstWeekday - 1) % symbols.count])
                        .font(.system(size: 13, weight: .semibold)).foregroundColor(Color.tertiaryLabel)
                        .accessibilityHidden(true)
                }
                ForEach(0..<(lead + days.count), id: \.self) { cell in
                    if cell < lead {
                        Color.clear.frame(height: 40)
                    } else {
                        dayCell(cell - lead + days.lowerBound, month: month, selected: selected, calendar: calendar,
                                accent: accent)
                    }
                }
            }
        }
    }

    private func dayCell(_ day: Int, month: Date, selected: Date, calendar: Calendar, accent: Color) -> some View {
        let start = calendar.date(byAdding: .day, value: day - 1, to: month) ?? month
        let isSelected = calendar.isDate(start, inSameDayAs: selected)
        let allowed = model.allows(day: start, calendar: calendar)
        return Text(verbatim: "\(day)")
            .font(.system(size: 20, weight: isSelected ? .semibold : .regular))
            .foregroundColor(isSelected ? .white : (allowed ? .primary : Color.tertiaryLabel))
            .frame(width: 40, height: 40)
            .background(Circle().fill(isSelected ? accent : Color.clear))
            .contentShape(Rectangle())
            .onTapGesture {
                guard allowed else { return }
                // The day changes; the time of day stays.
                let time = calendar.dateComponents([.hour, .minute, .second], from: selected)
                var parts = calendar.dateComponents([.year, .month, .day], from: start)
                parts.hour = time.hour; parts.minute = time.minute; parts.second = time.second
                if let date = calendar.date(from: parts) { model.set(date) }
            }
            .accessibilityElement(children: .combine)
            .accessibilityAddTraits(isSelected ? [.isButton, .isSelected] : .isButton)
    }
}

/// Wheels for the date's parts: month, day and year; hour and minute.
struct DateWheels: View {
    let model: DateModel
    let components: DatePickerComponents
    @Environment(\.self) private var environment

    var body: some View {
        let calendar = zonedCalendar(environment)
        let date = model.date
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func setting(_ component: Calendar.Component) -> Binding<Int> {
            Binding(get: { calendar.component(component, from: model.date) }, set: { value in
                guard abs(value) < 1_000_000 else { return }
                var p = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: model.date)
                switch component {
                case .year: p.year = value
                case .month: p.month = value
                case .day: p.day = value
                case .hour: p.hour = value
                default: p.minute = value
                }
                // A day the new month lacks (31 February) becomes its last day.
                if component == .year || component == .month {
                    var first = p
                    first.day = 1
                    if let start = calendar.date(from: first), let days = calendar.range(of: .day, in: .month, for: start),
                       let day = p.day {
                        p.day = min(day, days.upperBound - 1)
                    }
                }
                if let d = calendar.date(from: p) { model.set(d) }
            })
        }
        let monthSymbols = calendar.shortMonthSymbols
        let year = parts.year ?? 2000
        return HStack(spacing: 0) {
            if components.contains(.date) {
                Picker("Month", selection: setting(.month)) {
                    ForEach(1...12, id: \.self) { m in Text(verbatim: monthSymbols.indices.contains(m - 1) ? monthSymbols[m - 1] : "\(m)").tag(m) }
                }
                Picker("Day", selection: setting(.day)) {
                    ForEach(Array(calendar.range(of: .day, in: .month, for: date) ?? 1..<32), id: \.self) {
                        Text(verbatim: "\($0)").tag($0)
                    }
                }
                Picker("Year", selection: setting(.year)) {
                    ForEach((year - 50)...(year + 50), id: \.self) { Text(verbatim: "\($0)").tag($0) }
                }
            }
            if components.contains(.hourAndMinute) {
                Picker("Hour", selection: setting(.hour)) {
                    ForEach(0..<24, id: \.self) { Text(verbatim: String(format: "%02d", $0)).tag($0) }
                }
                Picker("Minute", selection: setting(.minute)) {
                    ForEach(0..<60, id: \.self) { Text(verbatim: String(format: "%02d", $0)).tag($0) }
                }
            }
        }
        .pickerStyle(.wheel)
    }
}
