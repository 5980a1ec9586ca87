import CanvasPaint

func canvasKernelDescription() -> String {
    switch Kernels.level {
    case .avx512: return "AVX-512"
    case .avx2: return "AVX2"
    case .sse2: return "SSE2"
    case .portable: return "portable C"
    }
}
