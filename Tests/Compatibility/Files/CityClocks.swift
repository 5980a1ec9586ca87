import SwiftUI

/// The world-clock tutorial's shape: a navigation view whose list of places is
/// redrawn every minute, each row with a day/night bar in a canvas, a toolbar
/// button, and a detail page per place.
struct Place: Identifiable, Hashable {
    let id = UUID()
    let name: String
    let hoursFromUTC: Int
}

final class PlaceStore: ObservableObject {
    @Published var places = [Place(name: "Lisbon", hoursFromUTC: 0), Place(name: "Tokyo", hoursFromUTC: 9),
                             Place(name: "Los Angeles", hoursFromUTC: -8)]
}

struct DaylightBar: View {
    let hour: Double

    var body: some View {
        Canvas { context, size in
            context.fill(Path(CGRect(x: 0, y: 0, width: size.width * 0.25, height: size.height)), with: .color(.black))
            context.fill(Path(CGRect(x: size.width * 0.25, y: 0, width: size.width * 0.5, height: size.height)),
                         with: .color(.blue))
            context.fill(Path(CGRect(x: size.width * 0.75, y: 0, width: size.width * 0.25, height: size.height)),
                         with: .color(.black))
            let x = size.width * hour / 24
            context.stroke(Path { p in
                p.move(to: CGPoint(x: x, y: 0))
                p.addLine(to: CGPoint(x: x, y: size.height))
            }, with: .color(.red), lineWidth: 2)
        }
    }
}

struct PlaceRow: View {
    let place: Place
    let date: Date

    var hour: Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: place.hoursFromUTC * 3600)!
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return Double(parts.hour ?? 0) + Double(parts.minute ?? 0) / 60
    }

    var body: some View {
        HStack {
            VStack(alignment: .leading) {
                Text(place.name).font(.headline)
                Text(String(format: "%02d:%02d", Int(hour), Int((hour * 60).truncatingRemainder(dividingBy: 60))))
                    .font(.subheadline)
                    .foregroundColor(.secondary)
            }
            Spacer()
            DaylightBar(hour: hour).frame(width: 100, height: 20)
        }
    }
}

struct CityClocks: View {
    @StateObject private var store = PlaceStore()
    @State private var showingAbout = false

    var body: some View {
        NavigationView {
            TimelineView(.everyMinute) { context in
                List(store.places) { place in
                    NavigationLink(destination: Text(place.name).font(.largeTitle).navigationTitle(place.name)) {
                        PlaceRow(place: place, date: context.date)
                    }
                }
                .navigationTitle("World Clock")
                .toolbar {
                    ToolbarItem(placement: .navigationBarTrailing) {
                        Button {
                            showingAbout = true
                        } label: {
                            Image(systemName: "info.circle")
                        }
                    }
                }
                .sheet(isPresented: $showingAbout) {
                    Text("Times update every minute.")
                }
            }
        }
    }
}

#Preview {
    CityClocks()
}
