import SwiftUI
import Combine

/// Conway's game of life on a grid, stepped by a timer.
public final class LifeBoard: ObservableObject {
    @Published public private(set) var cells: Set<[Int]>
    public let size: Int
    public init(size: Int, alive: Set<[Int]>) { self.size = size; cells = alive }

    public func step() {
        var counts: [[Int]: Int] = [:]
        for c in cells { for dx in -1...1 { for dy in -1...1 where dx != 0 || dy != 0 { counts[[c[0] + dx, c[1] + dy], default: 0] += 1 } } }
        cells = Set(counts.filter { $0.value == 3 || ($0.value == 2 && cells.contains($0.key)) }.keys
            .filter { $0[0] >= 0 && $0[1] >= 0 && $0[0] < size && $0[1] < size })
    }
}

public struct GameOfLife: View {
    @ObservedObject var board: LifeBoard
    private let timer = Timer.publish(every: 0.5, on: .main, in: .common).autoconnect()
    public init(board: LifeBoard) { self.board = board }

    public var body: some View {
        Canvas { context, size in
            let cell = size.width / CGFloat(board.size)
            for c in board.cells {
                context.fill(Path(CGRect(x: CGFloat(c[0]) * cell, y: CGFloat(c[1]) * cell, width: cell - 1, height: cell - 1)),
                             with: .color(.green))
            }
        }
        .frame(width: 100, height: 100)
        .onReceive(timer) { _ in board.step() }
    }
}

#Preview("Glider", traits: .sizeThatFitsLayout) {
    GameOfLife(board: LifeBoard(size: 10, alive: [[1, 0], [2, 1], [0, 2], [1, 2], [2, 2]]))
}
