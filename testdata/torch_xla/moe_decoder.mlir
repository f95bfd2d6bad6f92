module @IrToHlo.758 attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<256x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<4x64xf32>, %arg3: tensor<64xf32>, %arg4: tensor<64x64xf32>, %arg5: tensor<192x64xf32>, %arg6: tensor<64xf32>, %arg7: tensor<4x64x64xf32>, %arg8: tensor<4x64x64xf32>, %arg9: tensor<64xf32>, %arg10: tensor<64x64xf32>, %arg11: tensor<192x64xf32>, %arg12: tensor<64xf32>, %arg13: tensor<1x8xi64>, %arg14: tensor<256x64xf32>, %arg15: tensor<i1>, %arg16: tensor<4x64x64xf32>, %arg17: tensor<4x64xf32>, %arg18: tensor<4x64x64xf32>, %arg19: tensor<4x64x64xf32>, %arg20: tensor<4x64x64xf32>) -> tensor<1x8x256xf32> {
    %c = stablehlo.constant dense<4> : tensor<8x2xi64>
    %c_0 = stablehlo.constant dense<0> : tensor<8x2xi64>
    %cst = stablehlo.constant dense<1.000000e+09> : tensor<8x4xf32>
    %cst_1 = stablehlo.constant dense<4.000000e+00> : tensor<1x4x8x8xf32>
    %cst_2 = stablehlo.constant dense<9.99999997E-7> : tensor<1x8x1xf32>
    %cst_3 = stablehlo.constant dense<1.562500e-02> : tensor<1x8xf32>
    %cst_4 = stablehlo.constant dense<2.000000e+00> : tensor<1x8x64xf32>
    %cst_5 = stablehlo.constant dense<-1.000000e+09> : tensor<1x4x8x8xf32>
    %c_6 = stablehlo.constant dense<0> : tensor<8x8xi64>
    %c_7 = stablehlo.constant dense<[0, 1, 2, 3]> : tensor<4xi64>
    %cst_8 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %c_9 = stablehlo.constant dense<0> : tensor<i32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %c_11 = stablehlo.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : tensor<8xi64>
    %0 = stablehlo.reshape %arg13 : (tensor<1x8xi64>) -> tensor<8xi64>
    %1 = stablehlo.convert %0 : (tensor<8xi64>) -> tensor<8xui32>
    %2 = "stablehlo.gather"(%arg14, %1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<256x64xf32>, tensor<8xui32>) -> tensor<8x64xf32>
    %3 = stablehlo.reshape %2 : (tensor<8x64xf32>) -> tensor<1x8x64xf32>
    %4 = stablehlo.broadcast_in_dim %c_11, dims = [1] : (tensor<8xi64>) -> tensor<8x8xi64>
    %5 = stablehlo.broadcast_in_dim %c_11, dims = [0] : (tensor<8xi64>) -> tensor<8x8xi64>
    %6 = stablehlo.subtract %4, %5 : tensor<8x8xi64>
    %7 = stablehlo.compare  LE, %6, %c_6 : (tensor<8x8xi64>, tensor<8x8xi64>) -> tensor<8x8xi1>
    %8 = stablehlo.broadcast_in_dim %arg15, dims = [] : (tensor<i1>) -> tensor<8x8xi1>
    %9 = stablehlo.and %7, %8 : tensor<8x8xi1>
    %10 = stablehlo.not %9 : tensor<8x8xi1>
    %11 = stablehlo.reshape %10 : (tensor<8x8xi1>) -> tensor<1x8x8xi1>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 2, 3] : (tensor<1x8x8xi1>) -> tensor<1x4x8x8xi1>
    %13 = stablehlo.power %3, %cst_4 : tensor<1x8x64xf32>
    %14 = stablehlo.reduce(%13 init: %cst_10) applies stablehlo.add across dimensions = [2] : (tensor<1x8x64xf32>, tensor<f32>) -> tensor<1x8xf32>
    %15 = stablehlo.multiply %14, %cst_3 : tensor<1x8xf32>
    %16 = stablehlo.reshape %15 : (tensor<1x8xf32>) -> tensor<1x8x1xf32>
    %17 = stablehlo.add %16, %cst_2 : tensor<1x8x1xf32>
    %18 = stablehlo.rsqrt %17 : tensor<1x8x1xf32>
    %19 = stablehlo.reshape %18 : (tensor<1x8x1xf32>) -> tensor<1x8xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<1x8x64xf32>
    %21 = stablehlo.multiply %3, %20 : tensor<1x8x64xf32>
    %22 = stablehlo.broadcast_in_dim %arg12, dims = [2] : (tensor<64xf32>) -> tensor<1x8x64xf32>
    %23 = stablehlo.multiply %21, %22 : tensor<1x8x64xf32>
    %24 = stablehlo.reshape %23 : (tensor<1x8x64xf32>) -> tensor<8x64xf32>
    %25 = stablehlo.transpose %arg11, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,192]{0,1}"} : (tensor<192x64xf32>) -> tensor<64x192xf32>
    %26 = stablehlo.dot_general %24, %25, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x192xf32>) -> tensor<8x192xf32>
    %27 = stablehlo.reshape %26 : (tensor<8x192xf32>) -> tensor<1x8x192xf32>
    %28 = stablehlo.slice %27 [0:1, 0:8, 0:64] : (tensor<1x8x192xf32>) -> tensor<1x8x64xf32>
    %29 = stablehlo.reshape %28 : (tensor<1x8x64xf32>) -> tensor<1x8x4x16xf32>
    %30 = stablehlo.transpose %29, dims = [0, 2, 1, 3] {result_layout = dense<[3, 1, 2, 0]> : tensor<4xindex>, xla_shape = "f32[1,4,8,16]{3,1,2,0}"} : (tensor<1x8x4x16xf32>) -> tensor<1x4x8x16xf32>
    %31 = stablehlo.reshape %30 : (tensor<1x4x8x16xf32>) -> tensor<4x8x16xf32>
    %32 = stablehlo.slice %27 [0:1, 0:8, 64:128] : (tensor<1x8x192xf32>) -> tensor<1x8x64xf32>
    %33 = stablehlo.reshape %32 : (tensor<1x8x64xf32>) -> tensor<1x8x4x16xf32>
    %34 = stablehlo.transpose %33, dims = [0, 2, 3, 1] : (tensor<1x8x4x16xf32>) -> tensor<1x4x16x8xf32>
    %35 = stablehlo.reshape %34 : (tensor<1x4x16x8xf32>) -> tensor<4x16x8xf32>
    %36 = stablehlo.dot_general %31, %35, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x16xf32>, tensor<4x16x8xf32>) -> tensor<4x8x8xf32>
    %37 = stablehlo.reshape %36 : (tensor<4x8x8xf32>) -> tensor<1x4x8x8xf32>
    %38 = stablehlo.divide %37, %cst_1 : tensor<1x4x8x8xf32>
    %39 = stablehlo.select %12, %cst_5, %38 : tensor<1x4x8x8xi1>, tensor<1x4x8x8xf32>
    %40 = stablehlo.reduce(%39 init: %cst_8) applies stablehlo.maximum across dimensions = [3] : (tensor<1x4x8x8xf32>, tensor<f32>) -> tensor<1x4x8xf32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0, 1, 2] : (tensor<1x4x8xf32>) -> tensor<1x4x8x8xf32>
    %42 = stablehlo.subtract %39, %41 : tensor<1x4x8x8xf32>
    %43 = stablehlo.exponential %42 : tensor<1x4x8x8xf32>
    %44 = stablehlo.reduce(%43 init: %cst_10) applies stablehlo.add across dimensions = [3] : (tensor<1x4x8x8xf32>, tensor<f32>) -> tensor<1x4x8xf32>
    %45 = stablehlo.broadcast_in_dim %44, dims = [0, 1, 2] : (tensor<1x4x8xf32>) -> tensor<1x4x8x8xf32>
    %46 = stablehlo.divide %43, %45 : tensor<1x4x8x8xf32>
    %47 = stablehlo.reshape %46 : (tensor<1x4x8x8xf32>) -> tensor<4x8x8xf32>
    %48 = stablehlo.slice %27 [0:1, 0:8, 128:192] : (tensor<1x8x192xf32>) -> tensor<1x8x64xf32>
    %49 = stablehlo.reshape %48 : (tensor<1x8x64xf32>) -> tensor<1x8x4x16xf32>
    %50 = stablehlo.transpose %49, dims = [0, 2, 1, 3] {result_layout = dense<[3, 1, 2, 0]> : tensor<4xindex>, xla_shape = "f32[1,4,8,16]{3,1,2,0}"} : (tensor<1x8x4x16xf32>) -> tensor<1x4x8x16xf32>
    %51 = stablehlo.reshape %50 : (tensor<1x4x8x16xf32>) -> tensor<4x8x16xf32>
    %52 = stablehlo.dot_general %47, %51, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x8xf32>, tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %53 = stablehlo.reshape %52 : (tensor<4x8x16xf32>) -> tensor<1x4x8x16xf32>
    %54 = stablehlo.transpose %53, dims = [0, 2, 1, 3] {result_layout = dense<[3, 1, 2, 0]> : tensor<4xindex>, xla_shape = "f32[1,8,4,16]{3,1,2,0}"} : (tensor<1x4x8x16xf32>) -> tensor<1x8x4x16xf32>
    %55 = stablehlo.reshape %54 : (tensor<1x8x4x16xf32>) -> tensor<8x64xf32>
    %56 = stablehlo.transpose %arg10, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,64]{0,1}"} : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %57 = stablehlo.dot_general %55, %56, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x64xf32>) -> tensor<8x64xf32>
    %58 = stablehlo.reshape %57 : (tensor<8x64xf32>) -> tensor<1x8x64xf32>
    %59 = stablehlo.add %3, %58 : tensor<1x8x64xf32>
    %60 = stablehlo.power %59, %cst_4 : tensor<1x8x64xf32>
    %61 = stablehlo.reduce(%60 init: %cst_10) applies stablehlo.add across dimensions = [2] : (tensor<1x8x64xf32>, tensor<f32>) -> tensor<1x8xf32>
    %62 = stablehlo.multiply %61, %cst_3 : tensor<1x8xf32>
    %63 = stablehlo.reshape %62 : (tensor<1x8xf32>) -> tensor<1x8x1xf32>
    %64 = stablehlo.add %63, %cst_2 : tensor<1x8x1xf32>
    %65 = stablehlo.rsqrt %64 : tensor<1x8x1xf32>
    %66 = stablehlo.reshape %65 : (tensor<1x8x1xf32>) -> tensor<1x8xf32>
    %67 = stablehlo.broadcast_in_dim %66, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<1x8x64xf32>
    %68 = stablehlo.multiply %59, %67 : tensor<1x8x64xf32>
    %69 = stablehlo.broadcast_in_dim %arg9, dims = [2] : (tensor<64xf32>) -> tensor<1x8x64xf32>
    %70 = stablehlo.multiply %68, %69 : tensor<1x8x64xf32>
    %71 = stablehlo.reshape %70 : (tensor<1x8x64xf32>) -> tensor<8x64xf32>
    %72 = stablehlo.transpose %arg17, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,4]{0,1}"} : (tensor<4x64xf32>) -> tensor<64x4xf32>
    %73 = stablehlo.dot_general %71, %72, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x4xf32>) -> tensor<8x4xf32>
    %74 = stablehlo.iota dim = 0 : tensor<4xi32>
    %75 = stablehlo.broadcast_in_dim %74, dims = [1] : (tensor<4xi32>) -> tensor<8x4xi32>
    %76:2 = stablehlo.reduce(%73 init: %cst_8), (%75 init: %c_9) across dimensions = [1] : (tensor<8x4xf32>, tensor<8x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
     reducer(%arg21: tensor<f32>, %arg23: tensor<f32>) (%arg22: tensor<i32>, %arg24: tensor<i32>)  {
      %260 = stablehlo.compare  GE, %arg21, %arg23 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %261 = stablehlo.select %260, %arg21, %arg23 : tensor<i1>, tensor<f32>
      %262 = stablehlo.compare  EQ, %arg21, %arg23 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %263 = stablehlo.minimum %arg22, %arg24 : tensor<i32>
      %264 = stablehlo.select %260, %arg22, %arg24 : tensor<i1>, tensor<i32>
      %265 = stablehlo.select %262, %263, %264 : tensor<i1>, tensor<i32>
      stablehlo.return %261, %265 : tensor<f32>, tensor<i32>
    }
    %77 = stablehlo.convert %76#1 : (tensor<8xi32>) -> tensor<8xi64>
    %78 = stablehlo.broadcast_in_dim %77, dims = [0] : (tensor<8xi64>) -> tensor<8x4xi64>
    %79 = stablehlo.broadcast_in_dim %c_7, dims = [1] : (tensor<4xi64>) -> tensor<8x4xi64>
    %80 = stablehlo.compare  EQ, %78, %79 : (tensor<8x4xi64>, tensor<8x4xi64>) -> tensor<8x4xi1>
    %81 = stablehlo.convert %80 : (tensor<8x4xi1>) -> tensor<8x4xi64>
    %82 = stablehlo.convert %81 : (tensor<8x4xi64>) -> tensor<8x4xf32>
    %83 = stablehlo.reduce(%73 init: %cst_8) applies stablehlo.maximum across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %84 = stablehlo.broadcast_in_dim %83, dims = [0] : (tensor<8xf32>) -> tensor<8x4xf32>
    %85 = stablehlo.subtract %73, %84 : tensor<8x4xf32>
    %86 = stablehlo.exponential %85 : tensor<8x4xf32>
    %87 = stablehlo.reduce(%86 init: %cst_10) applies stablehlo.add across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %88 = stablehlo.broadcast_in_dim %87, dims = [0] : (tensor<8xf32>) -> tensor<8x4xf32>
    %89 = stablehlo.divide %86, %88 : tensor<8x4xf32>
    %90 = stablehlo.multiply %89, %82 : tensor<8x4xf32>
    %91 = stablehlo.reduce(%90 init: %cst_10) applies stablehlo.add across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %92 = stablehlo.multiply %82, %cst : tensor<8x4xf32>
    %93 = stablehlo.subtract %73, %92 : tensor<8x4xf32>
    %94:2 = stablehlo.reduce(%93 init: %cst_8), (%75 init: %c_9) across dimensions = [1] : (tensor<8x4xf32>, tensor<8x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
     reducer(%arg21: tensor<f32>, %arg23: tensor<f32>) (%arg22: tensor<i32>, %arg24: tensor<i32>)  {
      %260 = stablehlo.compare  GE, %arg21, %arg23 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %261 = stablehlo.select %260, %arg21, %arg23 : tensor<i1>, tensor<f32>
      %262 = stablehlo.compare  EQ, %arg21, %arg23 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %263 = stablehlo.minimum %arg22, %arg24 : tensor<i32>
      %264 = stablehlo.select %260, %arg22, %arg24 : tensor<i1>, tensor<i32>
      %265 = stablehlo.select %262, %263, %264 : tensor<i1>, tensor<i32>
      stablehlo.return %261, %265 : tensor<f32>, tensor<i32>
    }
    %95 = stablehlo.convert %94#1 : (tensor<8xi32>) -> tensor<8xi64>
    %96 = stablehlo.broadcast_in_dim %95, dims = [0] : (tensor<8xi64>) -> tensor<8x4xi64>
    %97 = stablehlo.compare  EQ, %96, %79 : (tensor<8x4xi64>, tensor<8x4xi64>) -> tensor<8x4xi1>
    %98 = stablehlo.convert %97 : (tensor<8x4xi1>) -> tensor<8x4xi64>
    %99 = stablehlo.convert %98 : (tensor<8x4xi64>) -> tensor<8x4xf32>
    %100 = stablehlo.multiply %89, %99 : tensor<8x4xf32>
    %101 = stablehlo.reduce(%100 init: %cst_10) applies stablehlo.add across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %102 = stablehlo.add %91, %101 : tensor<8xf32>
    %103 = stablehlo.divide %91, %102 : tensor<8xf32>
    %104 = stablehlo.broadcast_in_dim %103, dims = [0] : (tensor<8xf32>) -> tensor<8x4xf32>
    %105 = stablehlo.multiply %82, %104 : tensor<8x4xf32>
    %106 = stablehlo.divide %101, %102 : tensor<8xf32>
    %107 = stablehlo.broadcast_in_dim %106, dims = [0] : (tensor<8xf32>) -> tensor<8x4xf32>
    %108 = stablehlo.multiply %99, %107 : tensor<8x4xf32>
    %109 = stablehlo.add %105, %108 : tensor<8x4xf32>
    %110 = stablehlo.reshape %109 : (tensor<8x4xf32>) -> tensor<8x1x4xf32>
    %111 = stablehlo.broadcast_in_dim %71, dims = [1, 2] : (tensor<8x64xf32>) -> tensor<4x8x64xf32>
    %112 = stablehlo.dot_general %111, %arg16, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x64xf32>, tensor<4x64x64xf32>) -> tensor<4x8x64xf32>
    %113 = stablehlo.logistic %112 : tensor<4x8x64xf32>
    %114 = stablehlo.multiply %112, %113 : tensor<4x8x64xf32>
    %115 = stablehlo.dot_general %111, %arg8, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x64xf32>, tensor<4x64x64xf32>) -> tensor<4x8x64xf32>
    %116 = stablehlo.multiply %114, %115 : tensor<4x8x64xf32>
    %117 = stablehlo.dot_general %116, %arg7, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x64xf32>, tensor<4x64x64xf32>) -> tensor<4x8x64xf32>
    %118 = stablehlo.transpose %117, dims = [1, 0, 2] : (tensor<4x8x64xf32>) -> tensor<8x4x64xf32>
    %119 = stablehlo.dot_general %110, %118, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x1x4xf32>, tensor<8x4x64xf32>) -> tensor<8x1x64xf32>
    %120 = stablehlo.reshape %119 : (tensor<8x1x64xf32>) -> tensor<1x8x64xf32>
    %121 = stablehlo.add %59, %120 : tensor<1x8x64xf32>
    %122 = stablehlo.power %121, %cst_4 : tensor<1x8x64xf32>
    %123 = stablehlo.reduce(%122 init: %cst_10) applies stablehlo.add across dimensions = [2] : (tensor<1x8x64xf32>, tensor<f32>) -> tensor<1x8xf32>
    %124 = stablehlo.multiply %123, %cst_3 : tensor<1x8xf32>
    %125 = stablehlo.reshape %124 : (tensor<1x8xf32>) -> tensor<1x8x1xf32>
    %126 = stablehlo.add %125, %cst_2 : tensor<1x8x1xf32>
    %127 = stablehlo.rsqrt %126 : tensor<1x8x1xf32>
    %128 = stablehlo.reshape %127 : (tensor<1x8x1xf32>) -> tensor<1x8xf32>
    %129 = stablehlo.broadcast_in_dim %128, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<1x8x64xf32>
    %130 = stablehlo.multiply %121, %129 : tensor<1x8x64xf32>
    %131 = stablehlo.broadcast_in_dim %arg6, dims = [2] : (tensor<64xf32>) -> tensor<1x8x64xf32>
    %132 = stablehlo.multiply %130, %131 : tensor<1x8x64xf32>
    %133 = stablehlo.reshape %132 : (tensor<1x8x64xf32>) -> tensor<8x64xf32>
    %134 = stablehlo.transpose %arg5, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,192]{0,1}"} : (tensor<192x64xf32>) -> tensor<64x192xf32>
    %135 = stablehlo.dot_general %133, %134, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x192xf32>) -> tensor<8x192xf32>
    %136 = stablehlo.reshape %135 : (tensor<8x192xf32>) -> tensor<1x8x192xf32>
    %137 = stablehlo.slice %136 [0:1, 0:8, 0:64] : (tensor<1x8x192xf32>) -> tensor<1x8x64xf32>
    %138 = stablehlo.reshape %137 : (tensor<1x8x64xf32>) -> tensor<1x8x4x16xf32>
    %139 = stablehlo.transpose %138, dims = [0, 2, 1, 3] {result_layout = dense<[3, 1, 2, 0]> : tensor<4xindex>, xla_shape = "f32[1,4,8,16]{3,1,2,0}"} : (tensor<1x8x4x16xf32>) -> tensor<1x4x8x16xf32>
    %140 = stablehlo.reshape %139 : (tensor<1x4x8x16xf32>) -> tensor<4x8x16xf32>
    %141 = stablehlo.slice %136 [0:1, 0:8, 64:128] : (tensor<1x8x192xf32>) -> tensor<1x8x64xf32>
    %142 = stablehlo.reshape %141 : (tensor<1x8x64xf32>) -> tensor<1x8x4x16xf32>
    %143 = stablehlo.transpose %142, dims = [0, 2, 3, 1] : (tensor<1x8x4x16xf32>) -> tensor<1x4x16x8xf32>
    %144 = stablehlo.reshape %143 : (tensor<1x4x16x8xf32>) -> tensor<4x16x8xf32>
    %145 = stablehlo.dot_general %140, %144, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x16xf32>, tensor<4x16x8xf32>) -> tensor<4x8x8xf32>
    %146 = stablehlo.reshape %145 : (tensor<4x8x8xf32>) -> tensor<1x4x8x8xf32>
    %147 = stablehlo.divide %146, %cst_1 : tensor<1x4x8x8xf32>
    %148 = stablehlo.select %12, %cst_5, %147 : tensor<1x4x8x8xi1>, tensor<1x4x8x8xf32>
    %149 = stablehlo.reduce(%148 init: %cst_8) applies stablehlo.maximum across dimensions = [3] : (tensor<1x4x8x8xf32>, tensor<f32>) -> tensor<1x4x8xf32>
    %150 = stablehlo.broadcast_in_dim %149, dims = [0, 1, 2] : (tensor<1x4x8xf32>) -> tensor<1x4x8x8xf32>
    %151 = stablehlo.subtract %148, %150 : tensor<1x4x8x8xf32>
    %152 = stablehlo.exponential %151 : tensor<1x4x8x8xf32>
    %153 = stablehlo.reduce(%152 init: %cst_10) applies stablehlo.add across dimensions = [3] : (tensor<1x4x8x8xf32>, tensor<f32>) -> tensor<1x4x8xf32>
    %154 = stablehlo.broadcast_in_dim %153, dims = [0, 1, 2] : (tensor<1x4x8xf32>) -> tensor<1x4x8x8xf32>
    %155 = stablehlo.divide %152, %154 : tensor<1x4x8x8xf32>
    %156 = stablehlo.reshape %155 : (tensor<1x4x8x8xf32>) -> tensor<4x8x8xf32>
    %157 = stablehlo.slice %136 [0:1, 0:8, 128:192] : (tensor<1x8x192xf32>) -> tensor<1x8x64xf32>
    %158 = stablehlo.reshape %157 : (tensor<1x8x64xf32>) -> tensor<1x8x4x16xf32>
    %159 = stablehlo.transpose %158, dims = [0, 2, 1, 3] {result_layout = dense<[3, 1, 2, 0]> : tensor<4xindex>, xla_shape = "f32[1,4,8,16]{3,1,2,0}"} : (tensor<1x8x4x16xf32>) -> tensor<1x4x8x16xf32>
    %160 = stablehlo.reshape %159 : (tensor<1x4x8x16xf32>) -> tensor<4x8x16xf32>
    %161 = stablehlo.dot_general %156, %160, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x8xf32>, tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %162 = stablehlo.reshape %161 : (tensor<4x8x16xf32>) -> tensor<1x4x8x16xf32>
    %163 = stablehlo.transpose %162, dims = [0, 2, 1, 3] {result_layout = dense<[3, 1, 2, 0]> : tensor<4xindex>, xla_shape = "f32[1,8,4,16]{3,1,2,0}"} : (tensor<1x4x8x16xf32>) -> tensor<1x8x4x16xf32>
    %164 = stablehlo.reshape %163 : (tensor<1x8x4x16xf32>) -> tensor<8x64xf32>
    %165 = stablehlo.transpose %arg4, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,64]{0,1}"} : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %166 = stablehlo.dot_general %164, %165, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x64xf32>) -> tensor<8x64xf32>
    %167 = stablehlo.reshape %166 : (tensor<8x64xf32>) -> tensor<1x8x64xf32>
    %168 = stablehlo.add %121, %167 : tensor<1x8x64xf32>
    %169 = stablehlo.power %168, %cst_4 : tensor<1x8x64xf32>
    %170 = stablehlo.reduce(%169 init: %cst_10) applies stablehlo.add across dimensions = [2] : (tensor<1x8x64xf32>, tensor<f32>) -> tensor<1x8xf32>
    %171 = stablehlo.multiply %170, %cst_3 : tensor<1x8xf32>
    %172 = stablehlo.reshape %171 : (tensor<1x8xf32>) -> tensor<1x8x1xf32>
    %173 = stablehlo.add %172, %cst_2 : tensor<1x8x1xf32>
    %174 = stablehlo.rsqrt %173 : tensor<1x8x1xf32>
    %175 = stablehlo.reshape %174 : (tensor<1x8x1xf32>) -> tensor<1x8xf32>
    %176 = stablehlo.broadcast_in_dim %175, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<1x8x64xf32>
    %177 = stablehlo.multiply %168, %176 : tensor<1x8x64xf32>
    %178 = stablehlo.broadcast_in_dim %arg3, dims = [2] : (tensor<64xf32>) -> tensor<1x8x64xf32>
    %179 = stablehlo.multiply %177, %178 : tensor<1x8x64xf32>
    %180 = stablehlo.reshape %179 : (tensor<1x8x64xf32>) -> tensor<8x64xf32>
    %181 = stablehlo.reshape %179 : (tensor<1x8x64xf32>) -> tensor<8x1x64xf32>
    %182 = stablehlo.transpose %arg2, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,4]{0,1}"} : (tensor<4x64xf32>) -> tensor<64x4xf32>
    %183 = stablehlo.dot_general %180, %182, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x4xf32>) -> tensor<8x4xf32>
    %184:2 = stablehlo.reduce(%183 init: %cst_8), (%75 init: %c_9) across dimensions = [1] : (tensor<8x4xf32>, tensor<8x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
     reducer(%arg21: tensor<f32>, %arg23: tensor<f32>) (%arg22: tensor<i32>, %arg24: tensor<i32>)  {
      %260 = stablehlo.compare  GE, %arg21, %arg23 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %261 = stablehlo.select %260, %arg21, %arg23 : tensor<i1>, tensor<f32>
      %262 = stablehlo.compare  EQ, %arg21, %arg23 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %263 = stablehlo.minimum %arg22, %arg24 : tensor<i32>
      %264 = stablehlo.select %260, %arg22, %arg24 : tensor<i1>, tensor<i32>
      %265 = stablehlo.select %262, %263, %264 : tensor<i1>, tensor<i32>
      stablehlo.return %261, %265 : tensor<f32>, tensor<i32>
    }
    %185 = stablehlo.convert %184#1 : (tensor<8xi32>) -> tensor<8xi64>
    %186 = stablehlo.reshape %185 : (tensor<8xi64>) -> tensor<8x1xi64>
    %187 = stablehlo.broadcast_in_dim %185, dims = [0] : (tensor<8xi64>) -> tensor<8x4xi64>
    %188 = stablehlo.compare  EQ, %187, %79 : (tensor<8x4xi64>, tensor<8x4xi64>) -> tensor<8x4xi1>
    %189 = stablehlo.convert %188 : (tensor<8x4xi1>) -> tensor<8x4xi64>
    %190 = stablehlo.convert %189 : (tensor<8x4xi64>) -> tensor<8x4xf32>
    %191 = stablehlo.multiply %190, %cst : tensor<8x4xf32>
    %192 = stablehlo.subtract %183, %191 : tensor<8x4xf32>
    %193:2 = stablehlo.reduce(%192 init: %cst_8), (%75 init: %c_9) across dimensions = [1] : (tensor<8x4xf32>, tensor<8x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
     reducer(%arg21: tensor<f32>, %arg23: tensor<f32>) (%arg22: tensor<i32>, %arg24: tensor<i32>)  {
      %260 = stablehlo.compare  GE, %arg21, %arg23 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %261 = stablehlo.select %260, %arg21, %arg23 : tensor<i1>, tensor<f32>
      %262 = stablehlo.compare  EQ, %arg21, %arg23 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %263 = stablehlo.minimum %arg22, %arg24 : tensor<i32>
      %264 = stablehlo.select %260, %arg22, %arg24 : tensor<i1>, tensor<i32>
      %265 = stablehlo.select %262, %263, %264 : tensor<i1>, tensor<i32>
      stablehlo.return %261, %265 : tensor<f32>, tensor<i32>
    }
    %194 = stablehlo.convert %193#1 : (tensor<8xi32>) -> tensor<8xi64>
    %195 = stablehlo.reshape %194 : (tensor<8xi64>) -> tensor<8x1xi64>
    %196 = stablehlo.concatenate %186, %195, dim = 1 : (tensor<8x1xi64>, tensor<8x1xi64>) -> tensor<8x2xi64>
    %197 = stablehlo.compare  LT, %196, %c_0 : (tensor<8x2xi64>, tensor<8x2xi64>) -> tensor<8x2xi1>
    %198 = stablehlo.add %196, %c : tensor<8x2xi64>
    %199 = stablehlo.select %197, %198, %196 : tensor<8x2xi1>, tensor<8x2xi64>
    %200 = stablehlo.reshape %199 : (tensor<8x2xi64>) -> tensor<8x2x1xi64>
    %201 = "stablehlo.gather"(%arg20, %200) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64, 64>}> : (tensor<4x64x64xf32>, tensor<8x2x1xi64>) -> tensor<8x2x64x64xf32>
    %202 = stablehlo.transpose %201, dims = [0, 2, 1, 3] : (tensor<8x2x64x64xf32>) -> tensor<8x64x2x64xf32>
    %203 = stablehlo.reshape %202 : (tensor<8x64x2x64xf32>) -> tensor<8x64x128xf32>
    %204 = stablehlo.dot_general %181, %203, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x1x64xf32>, tensor<8x64x128xf32>) -> tensor<8x1x128xf32>
    %205 = stablehlo.reshape %204 : (tensor<8x1x128xf32>) -> tensor<8x2x64xf32>
    %206 = stablehlo.logistic %205 : tensor<8x2x64xf32>
    %207 = stablehlo.multiply %205, %206 : tensor<8x2x64xf32>
    %208 = "stablehlo.gather"(%arg19, %200) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64, 64>}> : (tensor<4x64x64xf32>, tensor<8x2x1xi64>) -> tensor<8x2x64x64xf32>
    %209 = stablehlo.transpose %208, dims = [0, 2, 1, 3] : (tensor<8x2x64x64xf32>) -> tensor<8x64x2x64xf32>
    %210 = stablehlo.reshape %209 : (tensor<8x64x2x64xf32>) -> tensor<8x64x128xf32>
    %211 = stablehlo.dot_general %181, %210, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x1x64xf32>, tensor<8x64x128xf32>) -> tensor<8x1x128xf32>
    %212 = stablehlo.reshape %211 : (tensor<8x1x128xf32>) -> tensor<8x2x64xf32>
    %213 = stablehlo.multiply %207, %212 : tensor<8x2x64xf32>
    %214 = stablehlo.reshape %213 : (tensor<8x2x64xf32>) -> tensor<16x1x64xf32>
    %215 = "stablehlo.gather"(%arg18, %200) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64, 64>}> : (tensor<4x64x64xf32>, tensor<8x2x1xi64>) -> tensor<8x2x64x64xf32>
    %216 = stablehlo.reshape %215 : (tensor<8x2x64x64xf32>) -> tensor<16x64x64xf32>
    %217 = stablehlo.dot_general %214, %216, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<16x1x64xf32>, tensor<16x64x64xf32>) -> tensor<16x1x64xf32>
    %218 = stablehlo.reshape %217 : (tensor<16x1x64xf32>) -> tensor<8x2x64xf32>
    %219 = stablehlo.reduce(%183 init: %cst_8) applies stablehlo.maximum across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %220 = stablehlo.broadcast_in_dim %219, dims = [0] : (tensor<8xf32>) -> tensor<8x4xf32>
    %221 = stablehlo.subtract %183, %220 : tensor<8x4xf32>
    %222 = stablehlo.exponential %221 : tensor<8x4xf32>
    %223 = stablehlo.reduce(%222 init: %cst_10) applies stablehlo.add across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %224 = stablehlo.broadcast_in_dim %223, dims = [0] : (tensor<8xf32>) -> tensor<8x4xf32>
    %225 = stablehlo.divide %222, %224 : tensor<8x4xf32>
    %226 = stablehlo.multiply %225, %190 : tensor<8x4xf32>
    %227 = stablehlo.reduce(%226 init: %cst_10) applies stablehlo.add across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %228 = stablehlo.broadcast_in_dim %194, dims = [0] : (tensor<8xi64>) -> tensor<8x4xi64>
    %229 = stablehlo.compare  EQ, %228, %79 : (tensor<8x4xi64>, tensor<8x4xi64>) -> tensor<8x4xi1>
    %230 = stablehlo.convert %229 : (tensor<8x4xi1>) -> tensor<8x4xi64>
    %231 = stablehlo.convert %230 : (tensor<8x4xi64>) -> tensor<8x4xf32>
    %232 = stablehlo.multiply %225, %231 : tensor<8x4xf32>
    %233 = stablehlo.reduce(%232 init: %cst_10) applies stablehlo.add across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %234 = stablehlo.add %227, %233 : tensor<8xf32>
    %235 = stablehlo.divide %227, %234 : tensor<8xf32>
    %236 = stablehlo.reshape %235 : (tensor<8xf32>) -> tensor<8x1xf32>
    %237 = stablehlo.divide %233, %234 : tensor<8xf32>
    %238 = stablehlo.reshape %237 : (tensor<8xf32>) -> tensor<8x1xf32>
    %239 = stablehlo.concatenate %236, %238, dim = 1 : (tensor<8x1xf32>, tensor<8x1xf32>) -> tensor<8x2xf32>
    %240 = stablehlo.broadcast_in_dim %239, dims = [0, 1] : (tensor<8x2xf32>) -> tensor<8x2x64xf32>
    %241 = stablehlo.multiply %218, %240 : tensor<8x2x64xf32>
    %242 = stablehlo.reduce(%241 init: %cst_10) applies stablehlo.add across dimensions = [1] : (tensor<8x2x64xf32>, tensor<f32>) -> tensor<8x64xf32>
    %243 = stablehlo.reshape %242 : (tensor<8x64xf32>) -> tensor<1x8x64xf32>
    %244 = stablehlo.add %168, %243 : tensor<1x8x64xf32>
    %245 = stablehlo.power %244, %cst_4 : tensor<1x8x64xf32>
    %246 = stablehlo.reduce(%245 init: %cst_10) applies stablehlo.add across dimensions = [2] : (tensor<1x8x64xf32>, tensor<f32>) -> tensor<1x8xf32>
    %247 = stablehlo.multiply %246, %cst_3 : tensor<1x8xf32>
    %248 = stablehlo.reshape %247 : (tensor<1x8xf32>) -> tensor<1x8x1xf32>
    %249 = stablehlo.add %248, %cst_2 : tensor<1x8x1xf32>
    %250 = stablehlo.rsqrt %249 : tensor<1x8x1xf32>
    %251 = stablehlo.reshape %250 : (tensor<1x8x1xf32>) -> tensor<1x8xf32>
    %252 = stablehlo.broadcast_in_dim %251, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<1x8x64xf32>
    %253 = stablehlo.multiply %244, %252 : tensor<1x8x64xf32>
    %254 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<64xf32>) -> tensor<1x8x64xf32>
    %255 = stablehlo.multiply %253, %254 : tensor<1x8x64xf32>
    %256 = stablehlo.reshape %255 : (tensor<1x8x64xf32>) -> tensor<8x64xf32>
    %257 = stablehlo.transpose %arg0, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,256]{0,1}"} : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %258 = stablehlo.dot_general %256, %257, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x256xf32>) -> tensor<8x256xf32>
    %259 = stablehlo.reshape %258 : (tensor<8x256xf32>) -> tensor<1x8x256xf32>
    return %259 : tensor<1x8x256xf32>
  }
}
