import Glibc
import Synchronization

/// The threads that draw a renderer's bands, started once and kept: a frame
/// hands them its bands and waits, allocating nothing (`DispatchQueue`'s
/// `concurrentPerform` allocated its blocks and continuations at every frame).
///
/// The calling thread draws bands too. Bands are taken in order, one at a time,
/// by whichever thread is free (the caller and the workers alike), so a frame
/// finishes even while the workers are slow to wake. Each band has its own
/// renderer, so no renderer is used by two threads at once.
///
/// Synchronisation is one mutex and two conditions: a frame's job is published
/// under the mutex (so the workers see everything written before it), and each
/// band's end is counted under it (so the caller sees every band's pixels once
/// the count is complete). A worker that has drawn its bands watches for the next
/// job for a few tens of microseconds before it sleeps: frames drawn one after
/// another (an animation's, a benchmark's) then find it awake, where waking a
/// sleeping thread took longer than a small band.
final class BandThreads: @unchecked Sendable {
    /// One frame's bands: `run(band)` draws band `band` (0 ..< count).
    struct Job {
        let count: Int
        let context: UnsafeRawPointer
        let run: (UnsafeRawPointer, Int) -> Void
    }

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Signalled when a job is published (or the threads are to stop).
    private let published = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Signalled when the last band of the job ends.
    private let finished = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    // Guarded by `mutex`.
    private var job: Job?
    /// Counts published jobs: a worker waits for a job newer than the last it saw.
    private var generation = 0
    private var nextBand = 0
    private var bandsDone = 0
    private var stopping = false
    private var workers = 0
    /// `generation`, readable without the mutex (what a watching worker reads).
    private let announced = Atomic<Int>(0)
    /// How many times a worker reads `announced` before it sleeps (about 20 µs).
    private static let watchReads = 20_000

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(published, nil)
        pthread_cond_init(finished, nil)
    }

    deinit {
        pthread_cond_destroy(finished)
        pthread_cond_destroy(published)
        pthread_mutex_destroy(mutex)
        finished.deallocate()
        published.deallocate()
        mutex.deallocate()
    }

    /// Ends the workers (each holds the threads object until it returns); the
    /// owner calls it when it goes away.
    func stop() {
        pthread_mutex_lock(mutex)
        stopping = true
        announced.store(-1, ordering: .releasing)
        pthread_cond_broadcast(published)
        pthread_mutex_unlock(mutex)
    }

    /// Draws `job`'s bands on the calling thread and up to `helpers` workers
    /// (started the first time they are needed), returning when all have ended.
    func run(_ job: Job, helpers: Int) {
        startWorkers(upTo: min(helpers, job.count - 1))
        pthread_mutex_lock(mutex)
        self.job = job
        generation &+= 1
        let mine = generation
        announced.store(generation, ordering: .releasing)
        nextBand = 0
        bandsDone = 0
        pthread_cond_broadcast(published)
        pthread_mutex_unlock(mutex)
        drawBands(of: mine)
        pthread_mutex_lock(mutex)
        while bandsDone < job.count { pthread_cond_wait(finished, mutex) }
        self.job = nil
        pthread_mutex_unlock(mutex)
    }

    /// Takes bands of job `generation` until none is left, drawing each. The job is
    /// read with each band taken: a worker late for a job that has ended (and
    /// whose context is gone) finds another generation, or no band, and takes none.
    private func drawBands(of generation: Int) {
        while true {
            pthread_mutex_lock(mutex)
            guard self.generation == generation, let job, nextBand < job.count else {
                pthread_mutex_unlock(mutex)
                return
            }
            let band = nextBand
            nextBand += 1
            pthread_mutex_unlock(mutex)
            job.run(job.context, band)
            pthread_mutex_lock(mutex)
            bandsDone += 1
            if bandsDone == job.count { pthread_cond_signal(finished) }
            pthread_mutex_unlock(mutex)
        }
    }

    private func startWorkers(upTo count: Int) {
        while workers < count {
            // The worker holds the threads object until it ends (`stop`).
            let context = Unmanaged.passRetained(self).toOpaque()
            var thread = pthread_t()
            let started = pthread_create(&thread, nil, { context in
                let threads = Unmanaged<BandThreads>.fromOpaque(context!).takeRetainedValue()
                threads.work()
                return nil
            }, context)
            guard started == 0 else {
                // No thread: the bands are drawn by those there are (at least the caller).
                Unmanaged<BandThreads>.fromOpaque(context).release()
                return
            }
            pthread_detach(thread)
            workers += 1
        }
    }

    /// A worker: waits for each new job and draws bands of it.
    private func work() {
        pthread_mutex_lock(mutex)
        var seen = generation
        while true {
            while generation == seen && !stopping { pthread_cond_wait(published, mutex) }
            if stopping { break }
            seen = generation
            pthread_mutex_unlock(mutex)
            drawBands(of: seen)
            // Watch for the next job a little before sleeping (the loop above takes
            // it under the mutex either way).
            var reads = 0
            while reads < BandThreads.watchReads && announced.load(ordering: .acquiring) == seen { reads += 1 }
            pthread_mutex_lock(mutex)
        }
        pthread_mutex_unlock(mutex)
    }
}
