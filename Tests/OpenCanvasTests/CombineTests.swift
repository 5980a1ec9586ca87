import Testing
import Foundation
import OpenCanvas

/// A subscriber that asks for a fixed number of values, then one more per value
/// when told to.
final class CountingSubscriber<Input, Failure: Error>: Subscriber {
    var values: [Input] = []
    var completion: Subscribers.Completion<Failure>?
    var subscription: Subscription?
    let initial: Subscribers.Demand
    var more: Subscribers.Demand = .none

    init(initial: Subscribers.Demand) { self.initial = initial }

    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(initial)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        values.append(input)
        return more
    }

    func receive(completion: Subscribers.Completion<Failure>) { self.completion = completion }
}

struct TestError: Error, Equatable {}

@Suite("Combine: publishers, subjects and operators")
struct CombineTests {
    @Test func justSendsOneValueThenFinishes() {
        var got: [Int] = []
        var finished = false
        let c = Just(7).sink(receiveCompletion: { if case .finished = $0 { finished = true } }, receiveValue: { got.append($0) })
        #expect(got == [7])
        #expect(finished)
        c.cancel()
    }

    @Test func operatorsChainInOrder() {
        let subject = PassthroughSubject<Int, Never>()
        var got: [String] = []
        let c = subject.map { $0 * 2 }.filter { $0 != 4 }.removeDuplicates().compactMap { $0 > 0 ? "v\($0)" : nil }
            .eraseToAnyPublisher().sink { got.append($0) }
        for v in [1, 2, 3, 3, 0, -1, 5] { subject.send(v) }
        #expect(got == ["v2", "v6", "v10"])
        c.cancel()
        subject.send(9)
        #expect(got.count == 3)          // a cancelled subscription receives nothing
    }

    @Test func demandIsHonoured() {
        let subject = PassthroughSubject<Int, TestError>()
        let s = CountingSubscriber<Int, TestError>(initial: .max(2))
        subject.subscribe(s)
        for v in 1...5 { subject.send(v) }
        #expect(s.values == [1, 2])      // no demand left: the rest are dropped, as Combine does
        s.subscription?.request(.max(1))
        subject.send(6)
        subject.send(7)
        #expect(s.values == [1, 2, 6])
        subject.send(completion: .failure(TestError()))
        #expect(s.completion == .failure(TestError()))
        subject.send(8)
        #expect(s.values == [1, 2, 6])
    }

    @Test func currentValueSubjectStartsWithItsValue() {
        let subject = CurrentValueSubject<String, Never>("a")
        var got: [String] = []
        let c = subject.sink { got.append($0) }
        subject.value = "b"
        subject.send("c")
        #expect(got == ["a", "b", "c"])
        #expect(subject.value == "c")
        // A late subscriber with no demand yet gets the newest value when it asks.
        let late = CountingSubscriber<String, Never>(initial: .none)
        subject.subscribe(late)
        subject.send("d")
        late.subscription?.request(.max(1))
        #expect(late.values == ["d"])
        c.cancel()
    }

    @Test func assignWritesToAKeyPath() {
        final class Target { var text = "" }
        let target = Target()
        let subject = PassthroughSubject<String, Never>()
        var bag = Set<AnyCancellable>()
        subject.assign(to: \.text, on: target).store(in: &bag)
        subject.send("hello")
        #expect(target.text == "hello")
        bag.removeAll()                  // released: the subscription ends
        subject.send("bye")
        #expect(target.text == "hello")
    }

    @Test func publishedSendsBeforeTheChange() {
        final class Model: ObservableObject {
            @Published var count = 0
            @Published var name = "x"
        }
        let model = Model()
        var willChange = 0
        var seen: [(new: Int, old: Int)] = []
        let a = model.objectWillChange.sink { willChange += 1 }
        let b = model.$count.sink { [unowned model] in seen.append(($0, model.count)) }
        model.count = 1
        model.count = 2
        model.name = "y"
        #expect(willChange == 3)
        // `$count` emits the current value first, then each new one before it is set.
        #expect(seen.map(\.new) == [0, 1, 2])
        #expect(seen.map(\.old) == [0, 0, 1])
        // assign(to: &$property) republishes through the property (and its object).
        let source = PassthroughSubject<Int, Never>()
        source.assign(to: &model.$count)
        source.send(40)
        #expect(model.count == 40)
        #expect(willChange == 4)
        a.cancel(); b.cancel()
    }

    @Test func notificationsArePublished() {
        let name = Notification.Name("OpenCanvasTestNotification")
        let center = NotificationCenter()
        var got: [String] = []
        let c = center.publisher(for: name).compactMap { $0.object as? String }.sink { got.append($0) }
        center.post(name: name, object: "one")
        center.post(name: name, object: "two")
        c.cancel()
        center.post(name: name, object: "three")
        #expect(got == ["one", "two"])
    }

    @Test func receiveOnAScheduler() async {
        let subject = PassthroughSubject<Int, Never>()
        var immediate: [Int] = []
        let a = subject.receive(on: ImmediateScheduler.shared).sink { immediate.append($0) }
        let queue = DispatchQueue(label: "receive-on test")        // serial: order is kept
        let (delivered, continuation) = AsyncStream<Int>.makeStream()
        let b = subject.receive(on: queue).sink { continuation.yield($0) }
        subject.send(3)
        subject.send(4)
        #expect(immediate == [3, 4])
        var iterator = delivered.makeAsyncIterator()
        #expect(await iterator.next() == 3)
        #expect(await iterator.next() == 4)
        a.cancel()
        b.cancel()
        continuation.finish()
    }
}
