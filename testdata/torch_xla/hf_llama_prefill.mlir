module @IrToHlo.553 attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<256x64xf32>, %arg1: tensor<64x128xf32>, %arg2: tensor<128x64xf32>, %arg3: tensor<64x64xf32>, %arg4: tensor<32x64xf32>, %arg5: tensor<64x128xf32>, %arg6: tensor<128x64xf32>, %arg7: tensor<64x64xf32>, %arg8: tensor<32x64xf32>, %arg9: tensor<1x8xi64>, %arg10: tensor<256x64xf32>, %arg11: tensor<64xf32>, %arg12: tensor<i1>, %arg13: tensor<8xf32>, %arg14: tensor<32x64xf32>, %arg15: tensor<64x64xf32>, %arg16: tensor<64xf32>, %arg17: tensor<128x64xf32>, %arg18: tensor<64xf32>, %arg19: tensor<32x64xf32>, %arg20: tensor<64x64xf32>, %arg21: tensor<64xf32>, %arg22: tensor<128x64xf32>, %arg23: tensor<64xf32>) -> tensor<1x8x256xf32> {
    %cst = stablehlo.constant dense<-3.40282347E+38> : tensor<1x1x8x8xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<1x1x8x8xf32>
    %c = stablehlo.constant dense<[[[[[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [0, 6], [0, 7]]]]]> : tensor<1x1x1x8x2xi64>
    %c_1 = stablehlo.constant dense<true> : tensor<1x8xi1>
    %c_2 = stablehlo.constant dense<[[[0, 1, 2, 3, 4, 5, 6, 7]]]> : tensor<1x1x8xi64>
    %cst_3 = stablehlo.constant dense<2.500000e-01> : tensor<1x4x8x8xf32>
    %cst_4 = stablehlo.constant dense<[[0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00]]> : tensor<1x8xf32>
    %cst_5 = stablehlo.constant dense<9.99999997E-7> : tensor<1x8x1xf32>
    %cst_6 = stablehlo.constant dense<1.562500e-02> : tensor<1x8xf32>
    %cst_7 = stablehlo.constant dense<2.000000e+00> : tensor<1x8x64xf32>
    %cst_8 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %c_9 = stablehlo.constant dense<0> : tensor<1x1x8x8xui8>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %arg23, dims = [2] : (tensor<64xf32>) -> tensor<1x8x64xf32>
    %1 = stablehlo.reshape %arg9 : (tensor<1x8xi64>) -> tensor<8xi64>
    %2 = stablehlo.convert %1 : (tensor<8xi64>) -> tensor<8xui32>
    %3 = "stablehlo.gather"(%arg10, %2) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<256x64xf32>, tensor<8xui32>) -> tensor<8x64xf32>
    %4 = stablehlo.reshape %3 : (tensor<8x64xf32>) -> tensor<1x8x64xf32>
    %5 = stablehlo.broadcast_in_dim %arg11, dims = [2] : (tensor<64xf32>) -> tensor<1x8x64xf32>
    %6 = stablehlo.power %4, %cst_7 : tensor<1x8x64xf32>
    %7 = stablehlo.reduce(%6 init: %cst_10) applies stablehlo.add across dimensions = [2] : (tensor<1x8x64xf32>, tensor<f32>) -> tensor<1x8xf32>
    %8 = stablehlo.multiply %7, %cst_6 : tensor<1x8xf32>
    %9 = stablehlo.reshape %8 : (tensor<1x8xf32>) -> tensor<1x8x1xf32>
    %10 = stablehlo.add %9, %cst_5 : tensor<1x8x1xf32>
    %11 = stablehlo.rsqrt %10 : tensor<1x8x1xf32>
    %12 = stablehlo.reshape %11 : (tensor<1x8x1xf32>) -> tensor<1x8xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<1x8x64xf32>
    %14 = stablehlo.multiply %4, %13 : tensor<1x8x64xf32>
    %15 = stablehlo.multiply %5, %14 : tensor<1x8x64xf32>
    %16 = stablehlo.reshape %15 : (tensor<1x8x64xf32>) -> tensor<8x64xf32>
    %17 = stablehlo.transpose %arg15, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,64]{0,1}"} : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %18 = stablehlo.dot_general %16, %17, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x64xf32>) -> tensor<8x64xf32>
    %19 = stablehlo.reshape %18 : (tensor<8x64xf32>) -> tensor<1x8x4x16xf32>
    %20 = stablehlo.transpose %19, dims = [0, 2, 1, 3] {result_layout = dense<[3, 1, 2, 0]> : tensor<4xindex>, xla_shape = "f32[1,4,8,16]{3,1,2,0}"} : (tensor<1x8x4x16xf32>) -> tensor<1x4x8x16xf32>
    %21 = stablehlo.broadcast_in_dim %cst_4, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<1x8x8xf32>
    %22 = stablehlo.broadcast_in_dim %arg13, dims = [2] : (tensor<8xf32>) -> tensor<1x8x8xf32>
    %23 = stablehlo.multiply %21, %22 : tensor<1x8x8xf32>
    %24 = stablehlo.concatenate %23, %23, dim = 2 : (tensor<1x8x8xf32>, tensor<1x8x8xf32>) -> tensor<1x8x16xf32>
    %25 = stablehlo.cosine %24 : tensor<1x8x16xf32>
    %26 = stablehlo.broadcast_in_dim %25, dims = [0, 2, 3] : (tensor<1x8x16xf32>) -> tensor<1x4x8x16xf32>
    %27 = stablehlo.multiply %20, %26 : tensor<1x4x8x16xf32>
    %28 = stablehlo.slice %20 [0:1, 0:4, 0:8, 8:16] : (tensor<1x4x8x16xf32>) -> tensor<1x4x8x8xf32>
    %29 = stablehlo.negate %28 : tensor<1x4x8x8xf32>
    %30 = stablehlo.slice %20 [0:1, 0:4, 0:8, 0:8] : (tensor<1x4x8x16xf32>) -> tensor<1x4x8x8xf32>
    %31 = stablehlo.concatenate %29, %30, dim = 3 : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x16xf32>
    %32 = stablehlo.sine %24 : tensor<1x8x16xf32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [0, 2, 3] : (tensor<1x8x16xf32>) -> tensor<1x4x8x16xf32>
    %34 = stablehlo.multiply %31, %33 : tensor<1x4x8x16xf32>
    %35 = stablehlo.add %27, %34 : tensor<1x4x8x16xf32>
    %36 = stablehlo.reshape %35 : (tensor<1x4x8x16xf32>) -> tensor<4x8x16xf32>
    %37 = stablehlo.transpose %arg14, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,32]{0,1}"} : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %38 = stablehlo.dot_general %16, %37, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x32xf32>) -> tensor<8x32xf32>
    %39 = stablehlo.reshape %38 : (tensor<8x32xf32>) -> tensor<1x8x2x16xf32>
    %40 = stablehlo.transpose %39, dims = [0, 2, 1, 3] {result_layout = dense<[3, 1, 2, 0]> : tensor<4xindex>, xla_shape = "f32[1,2,8,16]{3,1,2,0}"} : (tensor<1x8x2x16xf32>) -> tensor<1x2x8x16xf32>
    %41 = stablehlo.broadcast_in_dim %25, dims = [0, 2, 3] : (tensor<1x8x16xf32>) -> tensor<1x2x8x16xf32>
    %42 = stablehlo.multiply %40, %41 : tensor<1x2x8x16xf32>
    %43 = stablehlo.slice %40 [0:1, 0:2, 0:8, 8:16] : (tensor<1x2x8x16xf32>) -> tensor<1x2x8x8xf32>
    %44 = stablehlo.negate %43 : tensor<1x2x8x8xf32>
    %45 = stablehlo.slice %40 [0:1, 0:2, 0:8, 0:8] : (tensor<1x2x8x16xf32>) -> tensor<1x2x8x8xf32>
    %46 = stablehlo.concatenate %44, %45, dim = 3 : (tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>) -> tensor<1x2x8x16xf32>
    %47 = stablehlo.broadcast_in_dim %32, dims = [0, 2, 3] : (tensor<1x8x16xf32>) -> tensor<1x2x8x16xf32>
    %48 = stablehlo.multiply %46, %47 : tensor<1x2x8x16xf32>
    %49 = stablehlo.add %42, %48 : tensor<1x2x8x16xf32>
    %50 = stablehlo.broadcast_in_dim %49, dims = [0, 1, 3, 4] : (tensor<1x2x8x16xf32>) -> tensor<1x2x2x8x16xf32>
    %51 = stablehlo.reshape %50 : (tensor<1x2x2x8x16xf32>) -> tensor<1x4x8x16xf32>
    %52 = stablehlo.transpose %51, dims = [0, 1, 3, 2] {result_layout = dense<[2, 3, 1, 0]> : tensor<4xindex>, xla_shape = "f32[1,4,16,8]{2,3,1,0}"} : (tensor<1x4x8x16xf32>) -> tensor<1x4x16x8xf32>
    %53 = stablehlo.reshape %52 : (tensor<1x4x16x8xf32>) -> tensor<4x16x8xf32>
    %54 = stablehlo.dot_general %36, %53, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x16xf32>, tensor<4x16x8xf32>) -> tensor<4x8x8xf32>
    %55 = stablehlo.reshape %54 : (tensor<4x8x8xf32>) -> tensor<1x4x8x8xf32>
    %56 = stablehlo.multiply %55, %cst_3 : tensor<1x4x8x8xf32>
    %57 = stablehlo.convert %arg12 : (tensor<i1>) -> tensor<ui8>
    %58 = stablehlo.broadcast_in_dim %57, dims = [] : (tensor<ui8>) -> tensor<1x1x8x8xui8>
    %59 = stablehlo.broadcast_in_dim %c_2, dims = [0, 1, 3] : (tensor<1x1x8xi64>) -> tensor<1x1x8x8xi64>
    %60 = stablehlo.broadcast_in_dim %c_2, dims = [0, 1, 2] : (tensor<1x1x8xi64>) -> tensor<1x1x8x8xi64>
    %61 = stablehlo.compare  LE, %59, %60 : (tensor<1x1x8x8xi64>, tensor<1x1x8x8xi64>) -> tensor<1x1x8x8xi1>
    %62 = stablehlo.convert %61 : (tensor<1x1x8x8xi1>) -> tensor<1x1x8x8xui8>
    %63 = stablehlo.and %58, %62 : tensor<1x1x8x8xui8>
    %64 = stablehlo.compare  NE, %63, %c_9 : (tensor<1x1x8x8xui8>, tensor<1x1x8x8xui8>) -> tensor<1x1x8x8xi1>
    %65 = stablehlo.convert %64 : (tensor<1x1x8x8xi1>) -> tensor<1x1x8x8xui8>
    %66 = "stablehlo.gather"(%c_1, %c) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 4>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<1x8xi1>, tensor<1x1x1x8x2xi64>) -> tensor<1x1x1x8xi1>
    %67 = stablehlo.convert %66 : (tensor<1x1x1x8xi1>) -> tensor<1x1x1x8xui8>
    %68 = stablehlo.reshape %67 : (tensor<1x1x1x8xui8>) -> tensor<1x1x8xui8>
    %69 = stablehlo.broadcast_in_dim %68, dims = [0, 1, 3] : (tensor<1x1x8xui8>) -> tensor<1x1x8x8xui8>
    %70 = stablehlo.and %65, %69 : tensor<1x1x8x8xui8>
    %71 = stablehlo.compare  NE, %70, %c_9 : (tensor<1x1x8x8xui8>, tensor<1x1x8x8xui8>) -> tensor<1x1x8x8xi1>
    %72 = stablehlo.select %71, %cst_0, %cst : tensor<1x1x8x8xi1>, tensor<1x1x8x8xf32>
    %73 = stablehlo.reshape %72 : (tensor<1x1x8x8xf32>) -> tensor<1x8x8xf32>
    %74 = stablehlo.broadcast_in_dim %73, dims = [0, 2, 3] : (tensor<1x8x8xf32>) -> tensor<1x4x8x8xf32>
    %75 = stablehlo.add %56, %74 : tensor<1x4x8x8xf32>
    %76 = stablehlo.reduce(%75 init: %cst_8) applies stablehlo.maximum across dimensions = [3] : (tensor<1x4x8x8xf32>, tensor<f32>) -> tensor<1x4x8xf32>
    %77 = stablehlo.broadcast_in_dim %76, dims = [0, 1, 2] : (tensor<1x4x8xf32>) -> tensor<1x4x8x8xf32>
    %78 = stablehlo.subtract %75, %77 : tensor<1x4x8x8xf32>
    %79 = stablehlo.exponential %78 : tensor<1x4x8x8xf32>
    %80 = stablehlo.reduce(%79 init: %cst_10) applies stablehlo.add across dimensions = [3] : (tensor<1x4x8x8xf32>, tensor<f32>) -> tensor<1x4x8xf32>
    %81 = stablehlo.broadcast_in_dim %80, dims = [0, 1, 2] : (tensor<1x4x8xf32>) -> tensor<1x4x8x8xf32>
    %82 = stablehlo.divide %79, %81 : tensor<1x4x8x8xf32>
    %83 = stablehlo.reshape %82 : (tensor<1x4x8x8xf32>) -> tensor<4x8x8xf32>
    %84 = stablehlo.transpose %arg8, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,32]{0,1}"} : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %85 = stablehlo.dot_general %16, %84, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x32xf32>) -> tensor<8x32xf32>
    %86 = stablehlo.reshape %85 : (tensor<8x32xf32>) -> tensor<1x8x2x16xf32>
    %87 = stablehlo.transpose %86, dims = [0, 2, 1, 3] {result_layout = dense<[3, 1, 2, 0]> : tensor<4xindex>, xla_shape = "f32[1,2,8,16]{3,1,2,0}"} : (tensor<1x8x2x16xf32>) -> tensor<1x2x8x16xf32>
    %88 = stablehlo.broadcast_in_dim %87, dims = [0, 1, 3, 4] : (tensor<1x2x8x16xf32>) -> tensor<1x2x2x8x16xf32>
    %89 = stablehlo.reshape %88 : (tensor<1x2x2x8x16xf32>) -> tensor<4x8x16xf32>
    %90 = stablehlo.dot_general %83, %89, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x8xf32>, tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %91 = stablehlo.reshape %90 : (tensor<4x8x16xf32>) -> tensor<1x4x8x16xf32>
    %92 = stablehlo.transpose %91, dims = [0, 2, 1, 3] {result_layout = dense<[3, 1, 2, 0]> : tensor<4xindex>, xla_shape = "f32[1,8,4,16]{3,1,2,0}"} : (tensor<1x4x8x16xf32>) -> tensor<1x8x4x16xf32>
    %93 = stablehlo.reshape %92 : (tensor<1x8x4x16xf32>) -> tensor<8x64xf32>
    %94 = stablehlo.transpose %arg7, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,64]{0,1}"} : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %95 = stablehlo.dot_general %93, %94, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x64xf32>) -> tensor<8x64xf32>
    %96 = stablehlo.reshape %95 : (tensor<8x64xf32>) -> tensor<1x8x64xf32>
    %97 = stablehlo.add %4, %96 : tensor<1x8x64xf32>
    %98 = stablehlo.broadcast_in_dim %arg16, dims = [2] : (tensor<64xf32>) -> tensor<1x8x64xf32>
    %99 = stablehlo.power %97, %cst_7 : tensor<1x8x64xf32>
    %100 = stablehlo.reduce(%99 init: %cst_10) applies stablehlo.add across dimensions = [2] : (tensor<1x8x64xf32>, tensor<f32>) -> tensor<1x8xf32>
    %101 = stablehlo.multiply %100, %cst_6 : tensor<1x8xf32>
    %102 = stablehlo.reshape %101 : (tensor<1x8xf32>) -> tensor<1x8x1xf32>
    %103 = stablehlo.add %102, %cst_5 : tensor<1x8x1xf32>
    %104 = stablehlo.rsqrt %103 : tensor<1x8x1xf32>
    %105 = stablehlo.reshape %104 : (tensor<1x8x1xf32>) -> tensor<1x8xf32>
    %106 = stablehlo.broadcast_in_dim %105, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<1x8x64xf32>
    %107 = stablehlo.multiply %97, %106 : tensor<1x8x64xf32>
    %108 = stablehlo.multiply %98, %107 : tensor<1x8x64xf32>
    %109 = stablehlo.reshape %108 : (tensor<1x8x64xf32>) -> tensor<8x64xf32>
    %110 = stablehlo.transpose %arg17, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,128]{0,1}"} : (tensor<128x64xf32>) -> tensor<64x128xf32>
    %111 = stablehlo.dot_general %109, %110, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x128xf32>) -> tensor<8x128xf32>
    %112 = stablehlo.reshape %111 : (tensor<8x128xf32>) -> tensor<1x8x128xf32>
    %113 = stablehlo.logistic %112 : tensor<1x8x128xf32>
    %114 = stablehlo.multiply %112, %113 : tensor<1x8x128xf32>
    %115 = stablehlo.transpose %arg6, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,128]{0,1}"} : (tensor<128x64xf32>) -> tensor<64x128xf32>
    %116 = stablehlo.dot_general %109, %115, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x128xf32>) -> tensor<8x128xf32>
    %117 = stablehlo.reshape %116 : (tensor<8x128xf32>) -> tensor<1x8x128xf32>
    %118 = stablehlo.multiply %114, %117 : tensor<1x8x128xf32>
    %119 = stablehlo.reshape %118 : (tensor<1x8x128xf32>) -> tensor<8x128xf32>
    %120 = stablehlo.transpose %arg5, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[128,64]{0,1}"} : (tensor<64x128xf32>) -> tensor<128x64xf32>
    %121 = stablehlo.dot_general %119, %120, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x128xf32>, tensor<128x64xf32>) -> tensor<8x64xf32>
    %122 = stablehlo.reshape %121 : (tensor<8x64xf32>) -> tensor<1x8x64xf32>
    %123 = stablehlo.add %97, %122 : tensor<1x8x64xf32>
    %124 = stablehlo.broadcast_in_dim %arg18, dims = [2] : (tensor<64xf32>) -> tensor<1x8x64xf32>
    %125 = stablehlo.power %123, %cst_7 : tensor<1x8x64xf32>
    %126 = stablehlo.reduce(%125 init: %cst_10) applies stablehlo.add across dimensions = [2] : (tensor<1x8x64xf32>, tensor<f32>) -> tensor<1x8xf32>
    %127 = stablehlo.multiply %126, %cst_6 : tensor<1x8xf32>
    %128 = stablehlo.reshape %127 : (tensor<1x8xf32>) -> tensor<1x8x1xf32>
    %129 = stablehlo.add %128, %cst_5 : tensor<1x8x1xf32>
    %130 = stablehlo.rsqrt %129 : tensor<1x8x1xf32>
    %131 = stablehlo.reshape %130 : (tensor<1x8x1xf32>) -> tensor<1x8xf32>
    %132 = stablehlo.broadcast_in_dim %131, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<1x8x64xf32>
    %133 = stablehlo.multiply %123, %132 : tensor<1x8x64xf32>
    %134 = stablehlo.multiply %124, %133 : tensor<1x8x64xf32>
    %135 = stablehlo.reshape %134 : (tensor<1x8x64xf32>) -> tensor<8x64xf32>
    %136 = stablehlo.transpose %arg20, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,64]{0,1}"} : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %137 = stablehlo.dot_general %135, %136, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x64xf32>) -> tensor<8x64xf32>
    %138 = stablehlo.reshape %137 : (tensor<8x64xf32>) -> tensor<1x8x4x16xf32>
    %139 = stablehlo.transpose %138, dims = [0, 2, 1, 3] {result_layout = dense<[3, 1, 2, 0]> : tensor<4xindex>, xla_shape = "f32[1,4,8,16]{3,1,2,0}"} : (tensor<1x8x4x16xf32>) -> tensor<1x4x8x16xf32>
    %140 = stablehlo.multiply %139, %26 : tensor<1x4x8x16xf32>
    %141 = stablehlo.slice %139 [0:1, 0:4, 0:8, 8:16] : (tensor<1x4x8x16xf32>) -> tensor<1x4x8x8xf32>
    %142 = stablehlo.negate %141 : tensor<1x4x8x8xf32>
    %143 = stablehlo.slice %139 [0:1, 0:4, 0:8, 0:8] : (tensor<1x4x8x16xf32>) -> tensor<1x4x8x8xf32>
    %144 = stablehlo.concatenate %142, %143, dim = 3 : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x16xf32>
    %145 = stablehlo.multiply %144, %33 : tensor<1x4x8x16xf32>
    %146 = stablehlo.add %140, %145 : tensor<1x4x8x16xf32>
    %147 = stablehlo.reshape %146 : (tensor<1x4x8x16xf32>) -> tensor<4x8x16xf32>
    %148 = stablehlo.transpose %arg19, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,32]{0,1}"} : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %149 = stablehlo.dot_general %135, %148, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x32xf32>) -> tensor<8x32xf32>
    %150 = stablehlo.reshape %149 : (tensor<8x32xf32>) -> tensor<1x8x2x16xf32>
    %151 = stablehlo.transpose %150, dims = [0, 2, 1, 3] {result_layout = dense<[3, 1, 2, 0]> : tensor<4xindex>, xla_shape = "f32[1,2,8,16]{3,1,2,0}"} : (tensor<1x8x2x16xf32>) -> tensor<1x2x8x16xf32>
    %152 = stablehlo.multiply %151, %41 : tensor<1x2x8x16xf32>
    %153 = stablehlo.slice %151 [0:1, 0:2, 0:8, 8:16] : (tensor<1x2x8x16xf32>) -> tensor<1x2x8x8xf32>
    %154 = stablehlo.negate %153 : tensor<1x2x8x8xf32>
    %155 = stablehlo.slice %151 [0:1, 0:2, 0:8, 0:8] : (tensor<1x2x8x16xf32>) -> tensor<1x2x8x8xf32>
    %156 = stablehlo.concatenate %154, %155, dim = 3 : (tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>) -> tensor<1x2x8x16xf32>
    %157 = stablehlo.multiply %156, %47 : tensor<1x2x8x16xf32>
    %158 = stablehlo.add %152, %157 : tensor<1x2x8x16xf32>
    %159 = stablehlo.broadcast_in_dim %158, dims = [0, 1, 3, 4] : (tensor<1x2x8x16xf32>) -> tensor<1x2x2x8x16xf32>
    %160 = stablehlo.reshape %159 : (tensor<1x2x2x8x16xf32>) -> tensor<1x4x8x16xf32>
    %161 = stablehlo.transpose %160, dims = [0, 1, 3, 2] {result_layout = dense<[2, 3, 1, 0]> : tensor<4xindex>, xla_shape = "f32[1,4,16,8]{2,3,1,0}"} : (tensor<1x4x8x16xf32>) -> tensor<1x4x16x8xf32>
    %162 = stablehlo.reshape %161 : (tensor<1x4x16x8xf32>) -> tensor<4x16x8xf32>
    %163 = stablehlo.dot_general %147, %162, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x16xf32>, tensor<4x16x8xf32>) -> tensor<4x8x8xf32>
    %164 = stablehlo.reshape %163 : (tensor<4x8x8xf32>) -> tensor<1x4x8x8xf32>
    %165 = stablehlo.multiply %164, %cst_3 : tensor<1x4x8x8xf32>
    %166 = stablehlo.add %165, %74 : tensor<1x4x8x8xf32>
    %167 = stablehlo.reduce(%166 init: %cst_8) applies stablehlo.maximum across dimensions = [3] : (tensor<1x4x8x8xf32>, tensor<f32>) -> tensor<1x4x8xf32>
    %168 = stablehlo.broadcast_in_dim %167, dims = [0, 1, 2] : (tensor<1x4x8xf32>) -> tensor<1x4x8x8xf32>
    %169 = stablehlo.subtract %166, %168 : tensor<1x4x8x8xf32>
    %170 = stablehlo.exponential %169 : tensor<1x4x8x8xf32>
    %171 = stablehlo.reduce(%170 init: %cst_10) applies stablehlo.add across dimensions = [3] : (tensor<1x4x8x8xf32>, tensor<f32>) -> tensor<1x4x8xf32>
    %172 = stablehlo.broadcast_in_dim %171, dims = [0, 1, 2] : (tensor<1x4x8xf32>) -> tensor<1x4x8x8xf32>
    %173 = stablehlo.divide %170, %172 : tensor<1x4x8x8xf32>
    %174 = stablehlo.reshape %173 : (tensor<1x4x8x8xf32>) -> tensor<4x8x8xf32>
    %175 = stablehlo.transpose %arg4, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,32]{0,1}"} : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %176 = stablehlo.dot_general %135, %175, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x32xf32>) -> tensor<8x32xf32>
    %177 = stablehlo.reshape %176 : (tensor<8x32xf32>) -> tensor<1x8x2x16xf32>
    %178 = stablehlo.transpose %177, dims = [0, 2, 1, 3] {result_layout = dense<[3, 1, 2, 0]> : tensor<4xindex>, xla_shape = "f32[1,2,8,16]{3,1,2,0}"} : (tensor<1x8x2x16xf32>) -> tensor<1x2x8x16xf32>
    %179 = stablehlo.broadcast_in_dim %178, dims = [0, 1, 3, 4] : (tensor<1x2x8x16xf32>) -> tensor<1x2x2x8x16xf32>
    %180 = stablehlo.reshape %179 : (tensor<1x2x2x8x16xf32>) -> tensor<4x8x16xf32>
    %181 = stablehlo.dot_general %174, %180, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x8xf32>, tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %182 = stablehlo.reshape %181 : (tensor<4x8x16xf32>) -> tensor<1x4x8x16xf32>
    %183 = stablehlo.transpose %182, dims = [0, 2, 1, 3] {result_layout = dense<[3, 1, 2, 0]> : tensor<4xindex>, xla_shape = "f32[1,8,4,16]{3,1,2,0}"} : (tensor<1x4x8x16xf32>) -> tensor<1x8x4x16xf32>
    %184 = stablehlo.reshape %183 : (tensor<1x8x4x16xf32>) -> tensor<8x64xf32>
    %185 = stablehlo.transpose %arg3, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,64]{0,1}"} : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %186 = stablehlo.dot_general %184, %185, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x64xf32>) -> tensor<8x64xf32>
    %187 = stablehlo.reshape %186 : (tensor<8x64xf32>) -> tensor<1x8x64xf32>
    %188 = stablehlo.add %123, %187 : tensor<1x8x64xf32>
    %189 = stablehlo.broadcast_in_dim %arg21, dims = [2] : (tensor<64xf32>) -> tensor<1x8x64xf32>
    %190 = stablehlo.power %188, %cst_7 : tensor<1x8x64xf32>
    %191 = stablehlo.reduce(%190 init: %cst_10) applies stablehlo.add across dimensions = [2] : (tensor<1x8x64xf32>, tensor<f32>) -> tensor<1x8xf32>
    %192 = stablehlo.multiply %191, %cst_6 : tensor<1x8xf32>
    %193 = stablehlo.reshape %192 : (tensor<1x8xf32>) -> tensor<1x8x1xf32>
    %194 = stablehlo.add %193, %cst_5 : tensor<1x8x1xf32>
    %195 = stablehlo.rsqrt %194 : tensor<1x8x1xf32>
    %196 = stablehlo.reshape %195 : (tensor<1x8x1xf32>) -> tensor<1x8xf32>
    %197 = stablehlo.broadcast_in_dim %196, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<1x8x64xf32>
    %198 = stablehlo.multiply %188, %197 : tensor<1x8x64xf32>
    %199 = stablehlo.multiply %189, %198 : tensor<1x8x64xf32>
    %200 = stablehlo.reshape %199 : (tensor<1x8x64xf32>) -> tensor<8x64xf32>
    %201 = stablehlo.transpose %arg22, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,128]{0,1}"} : (tensor<128x64xf32>) -> tensor<64x128xf32>
    %202 = stablehlo.dot_general %200, %201, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x128xf32>) -> tensor<8x128xf32>
    %203 = stablehlo.reshape %202 : (tensor<8x128xf32>) -> tensor<1x8x128xf32>
    %204 = stablehlo.logistic %203 : tensor<1x8x128xf32>
    %205 = stablehlo.multiply %203, %204 : tensor<1x8x128xf32>
    %206 = stablehlo.transpose %arg2, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,128]{0,1}"} : (tensor<128x64xf32>) -> tensor<64x128xf32>
    %207 = stablehlo.dot_general %200, %206, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x128xf32>) -> tensor<8x128xf32>
    %208 = stablehlo.reshape %207 : (tensor<8x128xf32>) -> tensor<1x8x128xf32>
    %209 = stablehlo.multiply %205, %208 : tensor<1x8x128xf32>
    %210 = stablehlo.reshape %209 : (tensor<1x8x128xf32>) -> tensor<8x128xf32>
    %211 = stablehlo.transpose %arg1, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[128,64]{0,1}"} : (tensor<64x128xf32>) -> tensor<128x64xf32>
    %212 = stablehlo.dot_general %210, %211, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x128xf32>, tensor<128x64xf32>) -> tensor<8x64xf32>
    %213 = stablehlo.reshape %212 : (tensor<8x64xf32>) -> tensor<1x8x64xf32>
    %214 = stablehlo.add %188, %213 : tensor<1x8x64xf32>
    %215 = stablehlo.power %214, %cst_7 : tensor<1x8x64xf32>
    %216 = stablehlo.reduce(%215 init: %cst_10) applies stablehlo.add across dimensions = [2] : (tensor<1x8x64xf32>, tensor<f32>) -> tensor<1x8xf32>
    %217 = stablehlo.multiply %216, %cst_6 : tensor<1x8xf32>
    %218 = stablehlo.reshape %217 : (tensor<1x8xf32>) -> tensor<1x8x1xf32>
    %219 = stablehlo.add %218, %cst_5 : tensor<1x8x1xf32>
    %220 = stablehlo.rsqrt %219 : tensor<1x8x1xf32>
    %221 = stablehlo.reshape %220 : (tensor<1x8x1xf32>) -> tensor<1x8xf32>
    %222 = stablehlo.broadcast_in_dim %221, dims = [0, 1] : (tensor<1x8xf32>) -> tensor<1x8x64xf32>
    %223 = stablehlo.multiply %214, %222 : tensor<1x8x64xf32>
    %224 = stablehlo.multiply %0, %223 : tensor<1x8x64xf32>
    %225 = stablehlo.reshape %224 : (tensor<1x8x64xf32>) -> tensor<8x64xf32>
    %226 = stablehlo.transpose %arg0, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[64,256]{0,1}"} : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %227 = stablehlo.dot_general %225, %226, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x256xf32>) -> tensor<8x256xf32>
    %228 = stablehlo.reshape %227 : (tensor<8x256xf32>) -> tensor<1x8x256xf32>
    return %228 : tensor<1x8x256xf32>
  }
}
