module @IrToHlo.499 attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<256x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64x128xf32>, %arg3: tensor<128x64xf32>, %arg4: tensor<64xf32>, %arg5: tensor<64x64xf32>, %arg6: tensor<2x1x16x2x16xf32>, %arg7: tensor<32x64xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64x128xf32>, %arg10: tensor<128x64xf32>, %arg11: tensor<64xf32>, %arg12: tensor<64x64xf32>, %arg13: tensor<32x64xf32>, %arg14: tensor<64xf32>, %arg15: tensor<1xi64>, %arg16: tensor<256x64xf32>, %arg17: tensor<i64>, %arg18: tensor<2x1x16x2x16xf32>, %arg19: tensor<8xf32>, %arg20: tensor<32x64xf32>, %arg21: tensor<64x64xf32>, %arg22: tensor<128x64xf32>, %arg23: tensor<32x64xf32>, %arg24: tensor<64x64xf32>, %arg25: tensor<128x64xf32>) -> (tensor<1x256xf32>, tensor<2x1x16x2x16xf32>, tensor<2x1x16x2x16xf32>) {
    %cst = stablehlo.constant dense<4.000000e+00> : tensor<1x4x16xf32>
    %cst_0 = stablehlo.constant dense<9.99999997E-7> : tensor<1x1xf32>
    %cst_1 = stablehlo.constant dense<1.562500e-02> : tensor<1xf32>
    %cst_2 = stablehlo.constant dense<2.000000e+00> : tensor<1x64xf32>
    %cst_3 = stablehlo.constant dense<-1.000000e+09> : tensor<1x4x16xf32>
    %cst_4 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %c = stablehlo.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : tensor<16xi64>
    %0 = stablehlo.convert %arg15 : (tensor<1xi64>) -> tensor<1xui32>
    %1 = "stablehlo.gather"(%arg16, %0) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<256x64xf32>, tensor<1xui32>) -> tensor<1x64xf32>
    %2 = stablehlo.broadcast_in_dim %arg17, dims = [] : (tensor<i64>) -> tensor<16xi64>
    %3 = stablehlo.compare  LE, %c, %2 : (tensor<16xi64>, tensor<16xi64>) -> tensor<16xi1>
    %4 = stablehlo.reshape %3 : (tensor<16xi1>) -> tensor<1x1x16xi1>
    %5 = stablehlo.not %4 : tensor<1x1x16xi1>
    %6 = stablehlo.reshape %5 : (tensor<1x1x16xi1>) -> tensor<1x16xi1>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 2] : (tensor<1x16xi1>) -> tensor<1x4x16xi1>
    %8 = stablehlo.power %1, %cst_2 : tensor<1x64xf32>
    %9 = stablehlo.reduce(%8 init: %cst_5) applies stablehlo.add across dimensions = [1] : (tensor<1x64xf32>, tensor<f32>) -> tensor<1xf32>
    %10 = stablehlo.multiply %9, %cst_1 : tensor<1xf32>
    %11 = stablehlo.reshape %10 : (tensor<1xf32>) -> tensor<1x1xf32>
    %12 = stablehlo.add %11, %cst_0 : tensor<1x1xf32>
    %13 = stablehlo.rsqrt %12 : tensor<1x1xf32>
    %14 = stablehlo.reshape %13 : (tensor<1x1xf32>) -> tensor<1xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0] : (tensor<1xf32>) -> tensor<1x64xf32>
    %16 = stablehlo.multiply %1, %15 : tensor<1x64xf32>
    %17 = stablehlo.reshape %arg14 : (tensor<64xf32>) -> tensor<1x64xf32>
    %18 = stablehlo.multiply %16, %17 : tensor<1x64xf32>
    %19 = stablehlo.transpose %arg21, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,64]{0,1}"} : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %20 = stablehlo.dot_general %18, %19, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x64xf32>, tensor<64x64xf32>) -> tensor<1x64xf32>
    %21 = stablehlo.reshape %20 : (tensor<1x64xf32>) -> tensor<1x4x16xf32>
    %22 = stablehlo.convert %arg17 : (tensor<i64>) -> tensor<f32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %24 = stablehlo.multiply %23, %arg19 : tensor<8xf32>
    %25 = stablehlo.concatenate %24, %24, dim = 0 : (tensor<8xf32>, tensor<8xf32>) -> tensor<16xf32>
    %26 = stablehlo.cosine %25 : tensor<16xf32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [2] : (tensor<16xf32>) -> tensor<1x4x16xf32>
    %28 = stablehlo.multiply %21, %27 : tensor<1x4x16xf32>
    %29 = stablehlo.slice %21 [0:1, 0:4, 8:16] : (tensor<1x4x16xf32>) -> tensor<1x4x8xf32>
    %30 = stablehlo.negate %29 : tensor<1x4x8xf32>
    %31 = stablehlo.slice %21 [0:1, 0:4, 0:8] : (tensor<1x4x16xf32>) -> tensor<1x4x8xf32>
    %32 = stablehlo.concatenate %30, %31, dim = 2 : (tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x16xf32>
    %33 = stablehlo.sine %25 : tensor<16xf32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [2] : (tensor<16xf32>) -> tensor<1x4x16xf32>
    %35 = stablehlo.multiply %32, %34 : tensor<1x4x16xf32>
    %36 = stablehlo.add %28, %35 : tensor<1x4x16xf32>
    %37 = stablehlo.reshape %36 : (tensor<1x4x16xf32>) -> tensor<4x1x16xf32>
    %38 = stablehlo.compare  EQ, %c, %2 : (tensor<16xi64>, tensor<16xi64>) -> tensor<16xi1>
    %39 = stablehlo.reshape %38 : (tensor<16xi1>) -> tensor<1x16xi1>
    %40 = stablehlo.broadcast_in_dim %39, dims = [0, 1] : (tensor<1x16xi1>) -> tensor<1x16x2x16xi1>
    %41 = stablehlo.transpose %arg20, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,32]{0,1}"} : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %42 = stablehlo.dot_general %18, %41, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x64xf32>, tensor<64x32xf32>) -> tensor<1x32xf32>
    %43 = stablehlo.reshape %42 : (tensor<1x32xf32>) -> tensor<1x2x16xf32>
    %44 = stablehlo.broadcast_in_dim %26, dims = [2] : (tensor<16xf32>) -> tensor<1x2x16xf32>
    %45 = stablehlo.multiply %43, %44 : tensor<1x2x16xf32>
    %46 = stablehlo.slice %43 [0:1, 0:2, 8:16] : (tensor<1x2x16xf32>) -> tensor<1x2x8xf32>
    %47 = stablehlo.negate %46 : tensor<1x2x8xf32>
    %48 = stablehlo.slice %43 [0:1, 0:2, 0:8] : (tensor<1x2x16xf32>) -> tensor<1x2x8xf32>
    %49 = stablehlo.concatenate %47, %48, dim = 2 : (tensor<1x2x8xf32>, tensor<1x2x8xf32>) -> tensor<1x2x16xf32>
    %50 = stablehlo.broadcast_in_dim %33, dims = [2] : (tensor<16xf32>) -> tensor<1x2x16xf32>
    %51 = stablehlo.multiply %49, %50 : tensor<1x2x16xf32>
    %52 = stablehlo.add %45, %51 : tensor<1x2x16xf32>
    %53 = stablehlo.broadcast_in_dim %52, dims = [0, 2, 3] : (tensor<1x2x16xf32>) -> tensor<1x16x2x16xf32>
    %54 = stablehlo.slice %arg18 [0:1, 0:1, 0:16, 0:2, 0:16] : (tensor<2x1x16x2x16xf32>) -> tensor<1x1x16x2x16xf32>
    %55 = stablehlo.reshape %54 : (tensor<1x1x16x2x16xf32>) -> tensor<1x16x2x16xf32>
    %56 = stablehlo.select %40, %53, %55 : tensor<1x16x2x16xi1>, tensor<1x16x2x16xf32>
    %57 = stablehlo.broadcast_in_dim %56, dims = [0, 1, 2, 4] : (tensor<1x16x2x16xf32>) -> tensor<1x16x2x2x16xf32>
    %58 = stablehlo.reshape %57 : (tensor<1x16x2x2x16xf32>) -> tensor<1x16x4x16xf32>
    %59 = stablehlo.transpose %58, dims = [2, 3, 0, 1] : (tensor<1x16x4x16xf32>) -> tensor<4x16x1x16xf32>
    %60 = stablehlo.reshape %59 : (tensor<4x16x1x16xf32>) -> tensor<4x16x16xf32>
    %61 = stablehlo.dot_general %37, %60, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x1x16xf32>, tensor<4x16x16xf32>) -> tensor<4x1x16xf32>
    %62 = stablehlo.reshape %61 : (tensor<4x1x16xf32>) -> tensor<1x4x16xf32>
    %63 = stablehlo.divide %62, %cst : tensor<1x4x16xf32>
    %64 = stablehlo.select %7, %cst_3, %63 : tensor<1x4x16xi1>, tensor<1x4x16xf32>
    %65 = stablehlo.reduce(%64 init: %cst_4) applies stablehlo.maximum across dimensions = [2] : (tensor<1x4x16xf32>, tensor<f32>) -> tensor<1x4xf32>
    %66 = stablehlo.broadcast_in_dim %65, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<1x4x16xf32>
    %67 = stablehlo.subtract %64, %66 : tensor<1x4x16xf32>
    %68 = stablehlo.exponential %67 : tensor<1x4x16xf32>
    %69 = stablehlo.reduce(%68 init: %cst_5) applies stablehlo.add across dimensions = [2] : (tensor<1x4x16xf32>, tensor<f32>) -> tensor<1x4xf32>
    %70 = stablehlo.broadcast_in_dim %69, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<1x4x16xf32>
    %71 = stablehlo.divide %68, %70 : tensor<1x4x16xf32>
    %72 = stablehlo.reshape %71 : (tensor<1x4x16xf32>) -> tensor<4x1x16xf32>
    %73 = stablehlo.transpose %arg13, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,32]{0,1}"} : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %74 = stablehlo.dot_general %18, %73, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x64xf32>, tensor<64x32xf32>) -> tensor<1x32xf32>
    %75 = stablehlo.reshape %74 : (tensor<1x32xf32>) -> tensor<1x2x16xf32>
    %76 = stablehlo.broadcast_in_dim %75, dims = [0, 2, 3] : (tensor<1x2x16xf32>) -> tensor<1x16x2x16xf32>
    %77 = stablehlo.slice %arg6 [0:1, 0:1, 0:16, 0:2, 0:16] : (tensor<2x1x16x2x16xf32>) -> tensor<1x1x16x2x16xf32>
    %78 = stablehlo.reshape %77 : (tensor<1x1x16x2x16xf32>) -> tensor<1x16x2x16xf32>
    %79 = stablehlo.select %40, %76, %78 : tensor<1x16x2x16xi1>, tensor<1x16x2x16xf32>
    %80 = stablehlo.broadcast_in_dim %79, dims = [0, 1, 2, 4] : (tensor<1x16x2x16xf32>) -> tensor<1x16x2x2x16xf32>
    %81 = stablehlo.reshape %80 : (tensor<1x16x2x2x16xf32>) -> tensor<1x16x4x16xf32>
    %82 = stablehlo.transpose %81, dims = [2, 1, 0, 3] : (tensor<1x16x4x16xf32>) -> tensor<4x16x1x16xf32>
    %83 = stablehlo.reshape %82 : (tensor<4x16x1x16xf32>) -> tensor<4x16x16xf32>
    %84 = stablehlo.dot_general %72, %83, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x1x16xf32>, tensor<4x16x16xf32>) -> tensor<4x1x16xf32>
    %85 = stablehlo.reshape %84 : (tensor<4x1x16xf32>) -> tensor<1x64xf32>
    %86 = stablehlo.transpose %arg12, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,64]{0,1}"} : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %87 = stablehlo.dot_general %85, %86, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x64xf32>, tensor<64x64xf32>) -> tensor<1x64xf32>
    %88 = stablehlo.add %1, %87 : tensor<1x64xf32>
    %89 = stablehlo.power %88, %cst_2 : tensor<1x64xf32>
    %90 = stablehlo.reduce(%89 init: %cst_5) applies stablehlo.add across dimensions = [1] : (tensor<1x64xf32>, tensor<f32>) -> tensor<1xf32>
    %91 = stablehlo.multiply %90, %cst_1 : tensor<1xf32>
    %92 = stablehlo.reshape %91 : (tensor<1xf32>) -> tensor<1x1xf32>
    %93 = stablehlo.add %92, %cst_0 : tensor<1x1xf32>
    %94 = stablehlo.rsqrt %93 : tensor<1x1xf32>
    %95 = stablehlo.reshape %94 : (tensor<1x1xf32>) -> tensor<1xf32>
    %96 = stablehlo.broadcast_in_dim %95, dims = [0] : (tensor<1xf32>) -> tensor<1x64xf32>
    %97 = stablehlo.multiply %88, %96 : tensor<1x64xf32>
    %98 = stablehlo.reshape %arg11 : (tensor<64xf32>) -> tensor<1x64xf32>
    %99 = stablehlo.multiply %97, %98 : tensor<1x64xf32>
    %100 = stablehlo.transpose %arg22, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,128]{0,1}"} : (tensor<128x64xf32>) -> tensor<64x128xf32>
    %101 = stablehlo.dot_general %99, %100, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x64xf32>, tensor<64x128xf32>) -> tensor<1x128xf32>
    %102 = stablehlo.logistic %101 : tensor<1x128xf32>
    %103 = stablehlo.multiply %101, %102 : tensor<1x128xf32>
    %104 = stablehlo.transpose %arg10, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,128]{0,1}"} : (tensor<128x64xf32>) -> tensor<64x128xf32>
    %105 = stablehlo.dot_general %99, %104, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x64xf32>, tensor<64x128xf32>) -> tensor<1x128xf32>
    %106 = stablehlo.multiply %103, %105 : tensor<1x128xf32>
    %107 = stablehlo.transpose %arg9, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[128,64]{0,1}"} : (tensor<64x128xf32>) -> tensor<128x64xf32>
    %108 = stablehlo.dot_general %106, %107, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x128xf32>, tensor<128x64xf32>) -> tensor<1x64xf32>
    %109 = stablehlo.add %88, %108 : tensor<1x64xf32>
    %110 = stablehlo.power %109, %cst_2 : tensor<1x64xf32>
    %111 = stablehlo.reduce(%110 init: %cst_5) applies stablehlo.add across dimensions = [1] : (tensor<1x64xf32>, tensor<f32>) -> tensor<1xf32>
    %112 = stablehlo.multiply %111, %cst_1 : tensor<1xf32>
    %113 = stablehlo.reshape %112 : (tensor<1xf32>) -> tensor<1x1xf32>
    %114 = stablehlo.add %113, %cst_0 : tensor<1x1xf32>
    %115 = stablehlo.rsqrt %114 : tensor<1x1xf32>
    %116 = stablehlo.reshape %115 : (tensor<1x1xf32>) -> tensor<1xf32>
    %117 = stablehlo.broadcast_in_dim %116, dims = [0] : (tensor<1xf32>) -> tensor<1x64xf32>
    %118 = stablehlo.multiply %109, %117 : tensor<1x64xf32>
    %119 = stablehlo.reshape %arg8 : (tensor<64xf32>) -> tensor<1x64xf32>
    %120 = stablehlo.multiply %118, %119 : tensor<1x64xf32>
    %121 = stablehlo.transpose %arg24, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,64]{0,1}"} : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %122 = stablehlo.dot_general %120, %121, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x64xf32>, tensor<64x64xf32>) -> tensor<1x64xf32>
    %123 = stablehlo.reshape %122 : (tensor<1x64xf32>) -> tensor<1x4x16xf32>
    %124 = stablehlo.multiply %123, %27 : tensor<1x4x16xf32>
    %125 = stablehlo.slice %123 [0:1, 0:4, 8:16] : (tensor<1x4x16xf32>) -> tensor<1x4x8xf32>
    %126 = stablehlo.negate %125 : tensor<1x4x8xf32>
    %127 = stablehlo.slice %123 [0:1, 0:4, 0:8] : (tensor<1x4x16xf32>) -> tensor<1x4x8xf32>
    %128 = stablehlo.concatenate %126, %127, dim = 2 : (tensor<1x4x8xf32>, tensor<1x4x8xf32>) -> tensor<1x4x16xf32>
    %129 = stablehlo.multiply %128, %34 : tensor<1x4x16xf32>
    %130 = stablehlo.add %124, %129 : tensor<1x4x16xf32>
    %131 = stablehlo.reshape %130 : (tensor<1x4x16xf32>) -> tensor<4x1x16xf32>
    %132 = stablehlo.transpose %arg23, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,32]{0,1}"} : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %133 = stablehlo.dot_general %120, %132, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x64xf32>, tensor<64x32xf32>) -> tensor<1x32xf32>
    %134 = stablehlo.reshape %133 : (tensor<1x32xf32>) -> tensor<1x2x16xf32>
    %135 = stablehlo.multiply %134, %44 : tensor<1x2x16xf32>
    %136 = stablehlo.slice %134 [0:1, 0:2, 8:16] : (tensor<1x2x16xf32>) -> tensor<1x2x8xf32>
    %137 = stablehlo.negate %136 : tensor<1x2x8xf32>
    %138 = stablehlo.slice %134 [0:1, 0:2, 0:8] : (tensor<1x2x16xf32>) -> tensor<1x2x8xf32>
    %139 = stablehlo.concatenate %137, %138, dim = 2 : (tensor<1x2x8xf32>, tensor<1x2x8xf32>) -> tensor<1x2x16xf32>
    %140 = stablehlo.multiply %139, %50 : tensor<1x2x16xf32>
    %141 = stablehlo.add %135, %140 : tensor<1x2x16xf32>
    %142 = stablehlo.broadcast_in_dim %141, dims = [0, 2, 3] : (tensor<1x2x16xf32>) -> tensor<1x16x2x16xf32>
    %143 = stablehlo.slice %arg18 [1:2, 0:1, 0:16, 0:2, 0:16] : (tensor<2x1x16x2x16xf32>) -> tensor<1x1x16x2x16xf32>
    %144 = stablehlo.reshape %143 : (tensor<1x1x16x2x16xf32>) -> tensor<1x16x2x16xf32>
    %145 = stablehlo.select %40, %142, %144 : tensor<1x16x2x16xi1>, tensor<1x16x2x16xf32>
    %146 = stablehlo.broadcast_in_dim %145, dims = [0, 1, 2, 4] : (tensor<1x16x2x16xf32>) -> tensor<1x16x2x2x16xf32>
    %147 = stablehlo.reshape %146 : (tensor<1x16x2x2x16xf32>) -> tensor<1x16x4x16xf32>
    %148 = stablehlo.transpose %147, dims = [2, 3, 0, 1] : (tensor<1x16x4x16xf32>) -> tensor<4x16x1x16xf32>
    %149 = stablehlo.reshape %148 : (tensor<4x16x1x16xf32>) -> tensor<4x16x16xf32>
    %150 = stablehlo.dot_general %131, %149, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x1x16xf32>, tensor<4x16x16xf32>) -> tensor<4x1x16xf32>
    %151 = stablehlo.reshape %150 : (tensor<4x1x16xf32>) -> tensor<1x4x16xf32>
    %152 = stablehlo.divide %151, %cst : tensor<1x4x16xf32>
    %153 = stablehlo.select %7, %cst_3, %152 : tensor<1x4x16xi1>, tensor<1x4x16xf32>
    %154 = stablehlo.reduce(%153 init: %cst_4) applies stablehlo.maximum across dimensions = [2] : (tensor<1x4x16xf32>, tensor<f32>) -> tensor<1x4xf32>
    %155 = stablehlo.broadcast_in_dim %154, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<1x4x16xf32>
    %156 = stablehlo.subtract %153, %155 : tensor<1x4x16xf32>
    %157 = stablehlo.exponential %156 : tensor<1x4x16xf32>
    %158 = stablehlo.reduce(%157 init: %cst_5) applies stablehlo.add across dimensions = [2] : (tensor<1x4x16xf32>, tensor<f32>) -> tensor<1x4xf32>
    %159 = stablehlo.broadcast_in_dim %158, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<1x4x16xf32>
    %160 = stablehlo.divide %157, %159 : tensor<1x4x16xf32>
    %161 = stablehlo.reshape %160 : (tensor<1x4x16xf32>) -> tensor<4x1x16xf32>
    %162 = stablehlo.transpose %arg7, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,32]{0,1}"} : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %163 = stablehlo.dot_general %120, %162, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x64xf32>, tensor<64x32xf32>) -> tensor<1x32xf32>
    %164 = stablehlo.reshape %163 : (tensor<1x32xf32>) -> tensor<1x2x16xf32>
    %165 = stablehlo.broadcast_in_dim %164, dims = [0, 2, 3] : (tensor<1x2x16xf32>) -> tensor<1x16x2x16xf32>
    %166 = stablehlo.slice %arg6 [1:2, 0:1, 0:16, 0:2, 0:16] : (tensor<2x1x16x2x16xf32>) -> tensor<1x1x16x2x16xf32>
    %167 = stablehlo.reshape %166 : (tensor<1x1x16x2x16xf32>) -> tensor<1x16x2x16xf32>
    %168 = stablehlo.select %40, %165, %167 : tensor<1x16x2x16xi1>, tensor<1x16x2x16xf32>
    %169 = stablehlo.broadcast_in_dim %168, dims = [0, 1, 2, 4] : (tensor<1x16x2x16xf32>) -> tensor<1x16x2x2x16xf32>
    %170 = stablehlo.reshape %169 : (tensor<1x16x2x2x16xf32>) -> tensor<1x16x4x16xf32>
    %171 = stablehlo.transpose %170, dims = [2, 1, 0, 3] : (tensor<1x16x4x16xf32>) -> tensor<4x16x1x16xf32>
    %172 = stablehlo.reshape %171 : (tensor<4x16x1x16xf32>) -> tensor<4x16x16xf32>
    %173 = stablehlo.dot_general %161, %172, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x1x16xf32>, tensor<4x16x16xf32>) -> tensor<4x1x16xf32>
    %174 = stablehlo.reshape %173 : (tensor<4x1x16xf32>) -> tensor<1x64xf32>
    %175 = stablehlo.transpose %arg5, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,64]{0,1}"} : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %176 = stablehlo.dot_general %174, %175, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x64xf32>, tensor<64x64xf32>) -> tensor<1x64xf32>
    %177 = stablehlo.add %109, %176 : tensor<1x64xf32>
    %178 = stablehlo.power %177, %cst_2 : tensor<1x64xf32>
    %179 = stablehlo.reduce(%178 init: %cst_5) applies stablehlo.add across dimensions = [1] : (tensor<1x64xf32>, tensor<f32>) -> tensor<1xf32>
    %180 = stablehlo.multiply %179, %cst_1 : tensor<1xf32>
    %181 = stablehlo.reshape %180 : (tensor<1xf32>) -> tensor<1x1xf32>
    %182 = stablehlo.add %181, %cst_0 : tensor<1x1xf32>
    %183 = stablehlo.rsqrt %182 : tensor<1x1xf32>
    %184 = stablehlo.reshape %183 : (tensor<1x1xf32>) -> tensor<1xf32>
    %185 = stablehlo.broadcast_in_dim %184, dims = [0] : (tensor<1xf32>) -> tensor<1x64xf32>
    %186 = stablehlo.multiply %177, %185 : tensor<1x64xf32>
    %187 = stablehlo.reshape %arg4 : (tensor<64xf32>) -> tensor<1x64xf32>
    %188 = stablehlo.multiply %186, %187 : tensor<1x64xf32>
    %189 = stablehlo.transpose %arg25, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,128]{0,1}"} : (tensor<128x64xf32>) -> tensor<64x128xf32>
    %190 = stablehlo.dot_general %188, %189, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x64xf32>, tensor<64x128xf32>) -> tensor<1x128xf32>
    %191 = stablehlo.logistic %190 : tensor<1x128xf32>
    %192 = stablehlo.multiply %190, %191 : tensor<1x128xf32>
    %193 = stablehlo.transpose %arg3, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,128]{0,1}"} : (tensor<128x64xf32>) -> tensor<64x128xf32>
    %194 = stablehlo.dot_general %188, %193, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x64xf32>, tensor<64x128xf32>) -> tensor<1x128xf32>
    %195 = stablehlo.multiply %192, %194 : tensor<1x128xf32>
    %196 = stablehlo.transpose %arg2, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[128,64]{0,1}"} : (tensor<64x128xf32>) -> tensor<128x64xf32>
    %197 = stablehlo.dot_general %195, %196, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x128xf32>, tensor<128x64xf32>) -> tensor<1x64xf32>
    %198 = stablehlo.add %177, %197 : tensor<1x64xf32>
    %199 = stablehlo.power %198, %cst_2 : tensor<1x64xf32>
    %200 = stablehlo.reduce(%199 init: %cst_5) applies stablehlo.add across dimensions = [1] : (tensor<1x64xf32>, tensor<f32>) -> tensor<1xf32>
    %201 = stablehlo.multiply %200, %cst_1 : tensor<1xf32>
    %202 = stablehlo.reshape %201 : (tensor<1xf32>) -> tensor<1x1xf32>
    %203 = stablehlo.add %202, %cst_0 : tensor<1x1xf32>
    %204 = stablehlo.rsqrt %203 : tensor<1x1xf32>
    %205 = stablehlo.reshape %204 : (tensor<1x1xf32>) -> tensor<1xf32>
    %206 = stablehlo.broadcast_in_dim %205, dims = [0] : (tensor<1xf32>) -> tensor<1x64xf32>
    %207 = stablehlo.multiply %198, %206 : tensor<1x64xf32>
    %208 = stablehlo.reshape %arg1 : (tensor<64xf32>) -> tensor<1x64xf32>
    %209 = stablehlo.multiply %207, %208 : tensor<1x64xf32>
    %210 = stablehlo.transpose %arg0, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,256]{0,1}"} : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %211 = stablehlo.dot_general %209, %210, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x64xf32>, tensor<64x256xf32>) -> tensor<1x256xf32>
    %212 = stablehlo.concatenate %56, %145, dim = 0 : (tensor<1x16x2x16xf32>, tensor<1x16x2x16xf32>) -> tensor<2x16x2x16xf32>
    %213 = stablehlo.reshape %212 : (tensor<2x16x2x16xf32>) -> tensor<2x1x16x2x16xf32>
    %214 = stablehlo.concatenate %79, %168, dim = 0 : (tensor<1x16x2x16xf32>, tensor<1x16x2x16xf32>) -> tensor<2x16x2x16xf32>
    %215 = stablehlo.reshape %214 : (tensor<2x16x2x16xf32>) -> tensor<2x1x16x2x16xf32>
    return %211, %213, %215 : tensor<1x256xf32>, tensor<2x1x16x2x16xf32>, tensor<2x1x16x2x16xf32>
  }
}
