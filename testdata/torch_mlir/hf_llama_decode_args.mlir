module {
  func.func @main(%arg0: tensor<256x64xf32>, %arg1: tensor<64x64xf32>, %arg2: tensor<32x64xf32>, %arg3: tensor<32x64xf32>, %arg4: tensor<64x64xf32>, %arg5: tensor<128x64xf32>, %arg6: tensor<128x64xf32>, %arg7: tensor<64x128xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64xf32>, %arg10: tensor<64x64xf32>, %arg11: tensor<32x64xf32>, %arg12: tensor<32x64xf32>, %arg13: tensor<64x64xf32>, %arg14: tensor<128x64xf32>, %arg15: tensor<128x64xf32>, %arg16: tensor<64x128xf32>, %arg17: tensor<64xf32>, %arg18: tensor<64xf32>, %arg19: tensor<64xf32>, %arg20: tensor<256x64xf32>, %arg21: tensor<8xf32>, %arg22: tensor<8xf32>, %arg23: tensor<1x1xi64>, %arg24: tensor<i64>, %arg25: tensor<2x1x2x16x16xf32>, %arg26: tensor<2x1x2x16x16xf32>) -> (tensor<1x1x256xf32>, tensor<2x1x2x16x16xf32>, tensor<2x1x2x16x16xf32>) {
    %c = stablehlo.constant dense<0> : tensor<2xi64>
    %c_0 = stablehlo.constant dense<1> : tensor<2xi64>
    %c_1 = stablehlo.constant dense<2> : tensor<i64>
    %c_2 = stablehlo.constant dense<0> : tensor<16xi64>
    %c_3 = stablehlo.constant dense<1> : tensor<16xi64>
    %c_4 = stablehlo.constant dense<16> : tensor<i64>
    %c_5 = stablehlo.constant dense<0> : tensor<1xi64>
    %c_6 = stablehlo.constant dense<1> : tensor<1xi64>
    %c_7 = stablehlo.constant dense<1> : tensor<i64>
    %cst = stablehlo.constant dense<-3.40282347E+38> : tensor<f32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_9 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %cst_10 = arith.constant dense<1.000000e+00> : tensor<1xf64>
    %cst_11 = arith.constant dense<2> : tensor<1xi64>
    %cst_12 = arith.constant dense<64> : tensor<1xi64>
    %cst_13 = arith.constant dense<9.9999999999999995E-7> : tensor<1xf64>
    %cst_14 = arith.constant dense<2.500000e-01> : tensor<1xf64>
    %0 = stablehlo.slice %arg25 [0:1, 0:1, 0:2, 0:16, 0:16] : (tensor<2x1x2x16x16xf32>) -> tensor<1x1x2x16x16xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x1x2x16x16xf32>) -> tensor<1x2x16x16xf32>
    %2 = stablehlo.slice %arg26 [0:1, 0:1, 0:2, 0:16, 0:16] : (tensor<2x1x2x16x16xf32>) -> tensor<1x1x2x16x16xf32>
    %3 = stablehlo.reshape %2 : (tensor<1x1x2x16x16xf32>) -> tensor<1x2x16x16xf32>
    %4 = stablehlo.slice %arg25 [1:2, 0:1, 0:2, 0:16, 0:16] : (tensor<2x1x2x16x16xf32>) -> tensor<1x1x2x16x16xf32>
    %5 = stablehlo.reshape %4 : (tensor<1x1x2x16x16xf32>) -> tensor<1x2x16x16xf32>
    %6 = stablehlo.slice %arg26 [1:2, 0:1, 0:2, 0:16, 0:16] : (tensor<2x1x2x16x16xf32>) -> tensor<1x1x2x16x16xf32>
    %7 = stablehlo.reshape %6 : (tensor<1x1x2x16x16xf32>) -> tensor<1x2x16x16xf32>
    %8 = stablehlo.reshape %arg24 : (tensor<i64>) -> tensor<1xi64>
    %9 = stablehlo.reshape %8 : (tensor<1xi64>) -> tensor<1x1xi64>
    %10 = "stablehlo.gather"(%arg0, %arg23) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 64>}> : (tensor<256x64xf32>, tensor<1x1xi64>) -> tensor<1x1x64xf32>
    %11 = stablehlo.convert %10 : tensor<1x1x64xf32>
    %12 = stablehlo.convert %c_7 : (tensor<i64>) -> tensor<f64>
    %13 = stablehlo.convert %c_7 : (tensor<i64>) -> tensor<f64>
    %14 = stablehlo.divide %13, %12 : tensor<f64>
    %15 = stablehlo.ceil %14 : tensor<f64>
    %16 = stablehlo.convert %15 : (tensor<f64>) -> tensor<i64>
    %17 = stablehlo.reshape %16 : (tensor<i64>) -> tensor<1xi64>
    %18 = stablehlo.dynamic_iota %17, dim = 0 : (tensor<1xi64>) -> tensor<1xi64>
    %19 = stablehlo.multiply %18, %c_6 : tensor<1xi64>
    %20 = stablehlo.add %19, %c_5 : tensor<1xi64>
    %21 = stablehlo.broadcast_in_dim %arg24, dims = [] : (tensor<i64>) -> tensor<1xi64>
    %22 = stablehlo.add %20, %21 : tensor<1xi64>
    %23 = stablehlo.convert %c_4 : (tensor<i64>) -> tensor<f64>
    %24 = stablehlo.divide %23, %12 : tensor<f64>
    %25 = stablehlo.ceil %24 : tensor<f64>
    %26 = stablehlo.convert %25 : (tensor<f64>) -> tensor<i64>
    %27 = stablehlo.reshape %26 : (tensor<i64>) -> tensor<1xi64>
    %28 = stablehlo.dynamic_iota %27, dim = 0 : (tensor<1xi64>) -> tensor<16xi64>
    %29 = stablehlo.multiply %28, %c_3 : tensor<16xi64>
    %30 = stablehlo.add %29, %c_2 : tensor<16xi64>
    %31 = stablehlo.add %30, %c_2 : tensor<16xi64>
    %32 = stablehlo.reshape %22 : (tensor<1xi64>) -> tensor<1x1xi64>
    %33 = stablehlo.reshape %32 : (tensor<1x1xi64>) -> tensor<1x1x1xi64>
    %34 = stablehlo.reshape %33 : (tensor<1x1x1xi64>) -> tensor<1x1x1x1xi64>
    %35 = stablehlo.reshape %31 : (tensor<16xi64>) -> tensor<1x16xi64>
    %36 = stablehlo.reshape %35 : (tensor<1x16xi64>) -> tensor<1x1x16xi64>
    %37 = stablehlo.reshape %36 : (tensor<1x1x16xi64>) -> tensor<1x1x1x16xi64>
    %38 = stablehlo.broadcast_in_dim %34, dims = [0, 1, 2, 3] : (tensor<1x1x1x1xi64>) -> tensor<1x1x1x16xi64>
    %39 = stablehlo.compare LE, %37, %38, SIGNED : (tensor<1x1x1x16xi64>, tensor<1x1x1x16xi64>) -> tensor<1x1x1x16xi1>
    %40 = stablehlo.broadcast_in_dim %39, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xi1>) -> tensor<1x1x1x16xi1>
    %41 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %42 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x1x1x16xf32>
    %43 = stablehlo.select %40, %41, %42 : tensor<1x1x1x16xi1>, tensor<1x1x1x16xf32>
    %44 = stablehlo.reshape %9 : (tensor<1x1xi64>) -> tensor<1x1x1xi64>
    %45 = stablehlo.convert %44 : (tensor<1x1x1xi64>) -> tensor<1x1x1xf32>
    %46 = stablehlo.broadcast_in_dim %45, dims = [0, 1, 2] : (tensor<1x1x1xf32>) -> tensor<1x1x8xf32>
    %47 = stablehlo.broadcast_in_dim %arg21, dims = [2] : (tensor<8xf32>) -> tensor<1x1x8xf32>
    %48 = stablehlo.multiply %46, %47 : tensor<1x1x8xf32>
    %49 = stablehlo.concatenate %48, %48, dim = 2 : (tensor<1x1x8xf32>, tensor<1x1x8xf32>) -> tensor<1x1x16xf32>
    %50 = stablehlo.cosine %49 : tensor<1x1x16xf32>
    %51 = stablehlo.convert %cst_10 : (tensor<1xf64>) -> tensor<1xf32>
    %52 = stablehlo.reshape %51 : (tensor<1xf32>) -> tensor<f32>
    %53 = stablehlo.broadcast_in_dim %52, dims = [] : (tensor<f32>) -> tensor<1x1x16xf32>
    %54 = stablehlo.multiply %50, %53 : tensor<1x1x16xf32>
    %55 = stablehlo.sine %49 : tensor<1x1x16xf32>
    %56 = stablehlo.multiply %55, %53 : tensor<1x1x16xf32>
    %57 = stablehlo.convert %cst_11 : (tensor<1xi64>) -> tensor<1xf32>
    %58 = stablehlo.reshape %57 : (tensor<1xf32>) -> tensor<f32>
    %59 = stablehlo.broadcast_in_dim %58, dims = [] : (tensor<f32>) -> tensor<1x1x64xf32>
    %60 = stablehlo.power %11, %59 : tensor<1x1x64xf32>
    %61 = stablehlo.reduce(%60 init: %cst_8) applies stablehlo.add across dimensions = [2] : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<1x1xf32>
    %62 = stablehlo.reshape %61 : (tensor<1x1xf32>) -> tensor<1x1x1xf32>
    %63 = stablehlo.convert %cst_12 : (tensor<1xi64>) -> tensor<1xf32>
    %64 = stablehlo.reshape %63 : (tensor<1xf32>) -> tensor<f32>
    %65 = stablehlo.broadcast_in_dim %64, dims = [] : (tensor<f32>) -> tensor<1x1x1xf32>
    %66 = stablehlo.divide %62, %65 : tensor<1x1x1xf32>
    %67 = stablehlo.convert %cst_13 : (tensor<1xf64>) -> tensor<1xf32>
    %68 = stablehlo.reshape %67 : (tensor<1xf32>) -> tensor<f32>
    %69 = stablehlo.broadcast_in_dim %68, dims = [] : (tensor<f32>) -> tensor<1x1x1xf32>
    %70 = stablehlo.add %66, %69 : tensor<1x1x1xf32>
    %71 = stablehlo.rsqrt %70 : tensor<1x1x1xf32>
    %72 = stablehlo.broadcast_in_dim %71, dims = [0, 1, 2] : (tensor<1x1x1xf32>) -> tensor<1x1x64xf32>
    %73 = stablehlo.multiply %11, %72 : tensor<1x1x64xf32>
    %74 = stablehlo.broadcast_in_dim %arg8, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %75 = stablehlo.multiply %74, %73 : tensor<1x1x64xf32>
    %76 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %77 = stablehlo.reshape %75 : (tensor<1x1x64xf32>) -> tensor<1x64xf32>
    %78 = stablehlo.dot_general %77, %76, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x64xf32>) -> tensor<1x64xf32>
    %79 = stablehlo.reshape %78 : (tensor<1x64xf32>) -> tensor<1x1x64xf32>
    %80 = stablehlo.reshape %79 : (tensor<1x1x64xf32>) -> tensor<1x1x4x16xf32>
    %81 = stablehlo.transpose %80, dims = [0, 2, 1, 3] : (tensor<1x1x4x16xf32>) -> tensor<1x4x1x16xf32>
    %82 = stablehlo.transpose %arg2, dims = [1, 0] : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %83 = stablehlo.dot_general %77, %82, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x32xf32>) -> tensor<1x32xf32>
    %84 = stablehlo.reshape %83 : (tensor<1x32xf32>) -> tensor<1x1x32xf32>
    %85 = stablehlo.reshape %84 : (tensor<1x1x32xf32>) -> tensor<1x1x2x16xf32>
    %86 = stablehlo.transpose %85, dims = [0, 2, 1, 3] : (tensor<1x1x2x16xf32>) -> tensor<1x2x1x16xf32>
    %87 = stablehlo.transpose %arg3, dims = [1, 0] : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %88 = stablehlo.dot_general %77, %87, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x32xf32>) -> tensor<1x32xf32>
    %89 = stablehlo.reshape %88 : (tensor<1x32xf32>) -> tensor<1x1x32xf32>
    %90 = stablehlo.reshape %89 : (tensor<1x1x32xf32>) -> tensor<1x1x2x16xf32>
    %91 = stablehlo.transpose %90, dims = [0, 2, 1, 3] : (tensor<1x1x2x16xf32>) -> tensor<1x2x1x16xf32>
    %92 = stablehlo.reshape %54 : (tensor<1x1x16xf32>) -> tensor<1x1x1x16xf32>
    %93 = stablehlo.reshape %56 : (tensor<1x1x16xf32>) -> tensor<1x1x1x16xf32>
    %94 = stablehlo.broadcast_in_dim %92, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<1x4x1x16xf32>
    %95 = stablehlo.multiply %81, %94 : tensor<1x4x1x16xf32>
    %96 = stablehlo.slice %81 [0:1, 0:4, 0:1, 0:8] : (tensor<1x4x1x16xf32>) -> tensor<1x4x1x8xf32>
    %97 = stablehlo.slice %81 [0:1, 0:4, 0:1, 8:16] : (tensor<1x4x1x16xf32>) -> tensor<1x4x1x8xf32>
    %98 = stablehlo.negate %97 : tensor<1x4x1x8xf32>
    %99 = stablehlo.concatenate %98, %96, dim = 3 : (tensor<1x4x1x8xf32>, tensor<1x4x1x8xf32>) -> tensor<1x4x1x16xf32>
    %100 = stablehlo.broadcast_in_dim %93, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<1x4x1x16xf32>
    %101 = stablehlo.multiply %99, %100 : tensor<1x4x1x16xf32>
    %102 = stablehlo.add %95, %101 : tensor<1x4x1x16xf32>
    %103 = stablehlo.broadcast_in_dim %92, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<1x2x1x16xf32>
    %104 = stablehlo.multiply %86, %103 : tensor<1x2x1x16xf32>
    %105 = stablehlo.slice %86 [0:1, 0:2, 0:1, 0:8] : (tensor<1x2x1x16xf32>) -> tensor<1x2x1x8xf32>
    %106 = stablehlo.slice %86 [0:1, 0:2, 0:1, 8:16] : (tensor<1x2x1x16xf32>) -> tensor<1x2x1x8xf32>
    %107 = stablehlo.negate %106 : tensor<1x2x1x8xf32>
    %108 = stablehlo.concatenate %107, %105, dim = 3 : (tensor<1x2x1x8xf32>, tensor<1x2x1x8xf32>) -> tensor<1x2x1x16xf32>
    %109 = stablehlo.broadcast_in_dim %93, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<1x2x1x16xf32>
    %110 = stablehlo.multiply %108, %109 : tensor<1x2x1x16xf32>
    %111 = stablehlo.add %104, %110 : tensor<1x2x1x16xf32>
    %112 = stablehlo.convert %c_1 : (tensor<i64>) -> tensor<f64>
    %113 = stablehlo.divide %112, %12 : tensor<f64>
    %114 = stablehlo.ceil %113 : tensor<f64>
    %115 = stablehlo.convert %114 : (tensor<f64>) -> tensor<i64>
    %116 = stablehlo.reshape %115 : (tensor<i64>) -> tensor<1xi64>
    %117 = stablehlo.dynamic_iota %116, dim = 0 : (tensor<1xi64>) -> tensor<2xi64>
    %118 = stablehlo.multiply %117, %c_0 : tensor<2xi64>
    %119 = stablehlo.add %118, %c : tensor<2xi64>
    %120 = stablehlo.reshape %119 : (tensor<2xi64>) -> tensor<2x1xi64>
    %121 = stablehlo.reshape %120 : (tensor<2x1xi64>) -> tensor<2x1x1xi64>
    %122 = stablehlo.reshape %20 : (tensor<1xi64>) -> tensor<1x1xi64>
    %123 = stablehlo.reshape %122 : (tensor<1x1xi64>) -> tensor<1x1x1xi64>
    %124 = stablehlo.reshape %123 : (tensor<1x1x1xi64>) -> tensor<1x1x1x1xi64>
    %125 = stablehlo.broadcast_in_dim %124, dims = [0, 1, 2, 3] : (tensor<1x1x1x1xi64>) -> tensor<1x2x1x16xi64>
    %126 = stablehlo.reshape %125 : (tensor<1x2x1x16xi64>) -> tensor<1x2x1x16x1xi64>
    %127 = stablehlo.broadcast_in_dim %121, dims = [1, 2, 3] : (tensor<2x1x1xi64>) -> tensor<1x2x1x16xi64>
    %128 = stablehlo.reshape %127 : (tensor<1x2x1x16xi64>) -> tensor<1x2x1x16x1xi64>
    %129 = stablehlo.broadcast_in_dim %32, dims = [2, 3] : (tensor<1x1xi64>) -> tensor<1x2x1x16xi64>
    %130 = stablehlo.reshape %129 : (tensor<1x2x1x16xi64>) -> tensor<1x2x1x16x1xi64>
    %131 = stablehlo.broadcast_in_dim %30, dims = [3] : (tensor<16xi64>) -> tensor<1x2x1x16xi64>
    %132 = stablehlo.reshape %131 : (tensor<1x2x1x16xi64>) -> tensor<1x2x1x16x1xi64>
    %133 = stablehlo.concatenate %126, %128, %130, %132, dim = 4 : (tensor<1x2x1x16x1xi64>, tensor<1x2x1x16x1xi64>, tensor<1x2x1x16x1xi64>, tensor<1x2x1x16x1xi64>) -> tensor<1x2x1x16x4xi64>
    %134 = "stablehlo.scatter"(%1, %133, %111) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1, 2, 3], scatter_dims_to_operand_dims = [0, 1, 2, 3], index_vector_dim = 4>, unique_indices = false}> ({
    ^bb0(%arg27: tensor<f32>, %arg28: tensor<f32>):
      stablehlo.return %arg28 : tensor<f32>
    }) : (tensor<1x2x16x16xf32>, tensor<1x2x1x16x4xi64>, tensor<1x2x1x16xf32>) -> tensor<1x2x16x16xf32>
    %135 = "stablehlo.scatter"(%3, %133, %91) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1, 2, 3], scatter_dims_to_operand_dims = [0, 1, 2, 3], index_vector_dim = 4>, unique_indices = false}> ({
    ^bb0(%arg27: tensor<f32>, %arg28: tensor<f32>):
      stablehlo.return %arg28 : tensor<f32>
    }) : (tensor<1x2x16x16xf32>, tensor<1x2x1x16x4xi64>, tensor<1x2x1x16xf32>) -> tensor<1x2x16x16xf32>
    %136 = stablehlo.reshape %134 : (tensor<1x2x16x16xf32>) -> tensor<1x2x1x16x16xf32>
    %137 = stablehlo.broadcast_in_dim %136, dims = [0, 1, 2, 3, 4] : (tensor<1x2x1x16x16xf32>) -> tensor<1x2x2x16x16xf32>
    %138 = stablehlo.reshape %137 : (tensor<1x2x2x16x16xf32>) -> tensor<1x4x16x16xf32>
    %139 = stablehlo.reshape %135 : (tensor<1x2x16x16xf32>) -> tensor<1x2x1x16x16xf32>
    %140 = stablehlo.broadcast_in_dim %139, dims = [0, 1, 2, 3, 4] : (tensor<1x2x1x16x16xf32>) -> tensor<1x2x2x16x16xf32>
    %141 = stablehlo.reshape %140 : (tensor<1x2x2x16x16xf32>) -> tensor<1x4x16x16xf32>
    %142 = stablehlo.transpose %138, dims = [0, 1, 3, 2] : (tensor<1x4x16x16xf32>) -> tensor<1x4x16x16xf32>
    %143 = stablehlo.reshape %102 : (tensor<1x4x1x16xf32>) -> tensor<4x1x16xf32>
    %144 = stablehlo.reshape %142 : (tensor<1x4x16x16xf32>) -> tensor<4x16x16xf32>
    %145 = stablehlo.broadcast_in_dim %144, dims = [0, 1, 2] : (tensor<4x16x16xf32>) -> tensor<4x16x16xf32>
    %146 = stablehlo.dot_general %143, %145, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x1x16xf32>, tensor<4x16x16xf32>) -> tensor<4x1x16xf32>
    %147 = stablehlo.reshape %146 : (tensor<4x1x16xf32>) -> tensor<1x4x1x16xf32>
    %148 = stablehlo.convert %cst_14 : (tensor<1xf64>) -> tensor<1xf32>
    %149 = stablehlo.reshape %148 : (tensor<1xf32>) -> tensor<f32>
    %150 = stablehlo.broadcast_in_dim %149, dims = [] : (tensor<f32>) -> tensor<1x4x1x16xf32>
    %151 = stablehlo.multiply %147, %150 : tensor<1x4x1x16xf32>
    %152 = stablehlo.broadcast_in_dim %43, dims = [0, 1, 2, 3] : (tensor<1x1x1x16xf32>) -> tensor<1x4x1x16xf32>
    %153 = stablehlo.add %151, %152 : tensor<1x4x1x16xf32>
    %154 = stablehlo.reduce(%153 init: %cst_9) applies stablehlo.maximum across dimensions = [3] : (tensor<1x4x1x16xf32>, tensor<f32>) -> tensor<1x4x1xf32>
    %155 = stablehlo.reshape %154 : (tensor<1x4x1xf32>) -> tensor<1x4x1x1xf32>
    %156 = stablehlo.broadcast_in_dim %155, dims = [0, 1, 2, 3] : (tensor<1x4x1x1xf32>) -> tensor<1x4x1x16xf32>
    %157 = stablehlo.subtract %153, %156 : tensor<1x4x1x16xf32>
    %158 = stablehlo.exponential %157 : tensor<1x4x1x16xf32>
    %159 = stablehlo.reduce(%158 init: %cst_8) applies stablehlo.add across dimensions = [3] : (tensor<1x4x1x16xf32>, tensor<f32>) -> tensor<1x4x1xf32>
    %160 = stablehlo.reshape %159 : (tensor<1x4x1xf32>) -> tensor<1x4x1x1xf32>
    %161 = stablehlo.broadcast_in_dim %160, dims = [0, 1, 2, 3] : (tensor<1x4x1x1xf32>) -> tensor<1x4x1x16xf32>
    %162 = stablehlo.divide %158, %161 : tensor<1x4x1x16xf32>
    %163 = stablehlo.reshape %162 : (tensor<1x4x1x16xf32>) -> tensor<4x1x16xf32>
    %164 = stablehlo.reshape %141 : (tensor<1x4x16x16xf32>) -> tensor<4x16x16xf32>
    %165 = stablehlo.broadcast_in_dim %164, dims = [0, 1, 2] : (tensor<4x16x16xf32>) -> tensor<4x16x16xf32>
    %166 = stablehlo.dot_general %163, %165, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x1x16xf32>, tensor<4x16x16xf32>) -> tensor<4x1x16xf32>
    %167 = stablehlo.reshape %166 : (tensor<4x1x16xf32>) -> tensor<1x4x1x16xf32>
    %168 = stablehlo.transpose %167, dims = [0, 2, 1, 3] : (tensor<1x4x1x16xf32>) -> tensor<1x1x4x16xf32>
    %169 = stablehlo.reshape %168 : (tensor<1x1x4x16xf32>) -> tensor<1x1x64xf32>
    %170 = stablehlo.transpose %arg4, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %171 = stablehlo.reshape %169 : (tensor<1x1x64xf32>) -> tensor<1x64xf32>
    %172 = stablehlo.dot_general %171, %170, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x64xf32>) -> tensor<1x64xf32>
    %173 = stablehlo.reshape %172 : (tensor<1x64xf32>) -> tensor<1x1x64xf32>
    %174 = stablehlo.add %11, %173 : tensor<1x1x64xf32>
    %175 = stablehlo.power %174, %59 : tensor<1x1x64xf32>
    %176 = stablehlo.reduce(%175 init: %cst_8) applies stablehlo.add across dimensions = [2] : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<1x1xf32>
    %177 = stablehlo.reshape %176 : (tensor<1x1xf32>) -> tensor<1x1x1xf32>
    %178 = stablehlo.divide %177, %65 : tensor<1x1x1xf32>
    %179 = stablehlo.add %178, %69 : tensor<1x1x1xf32>
    %180 = stablehlo.rsqrt %179 : tensor<1x1x1xf32>
    %181 = stablehlo.broadcast_in_dim %180, dims = [0, 1, 2] : (tensor<1x1x1xf32>) -> tensor<1x1x64xf32>
    %182 = stablehlo.multiply %174, %181 : tensor<1x1x64xf32>
    %183 = stablehlo.broadcast_in_dim %arg9, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %184 = stablehlo.multiply %183, %182 : tensor<1x1x64xf32>
    %185 = stablehlo.transpose %arg5, dims = [1, 0] : (tensor<128x64xf32>) -> tensor<64x128xf32>
    %186 = stablehlo.reshape %184 : (tensor<1x1x64xf32>) -> tensor<1x64xf32>
    %187 = stablehlo.dot_general %186, %185, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x128xf32>) -> tensor<1x128xf32>
    %188 = stablehlo.reshape %187 : (tensor<1x128xf32>) -> tensor<1x1x128xf32>
    %189 = stablehlo.logistic %188 : tensor<1x1x128xf32>
    %190 = stablehlo.multiply %188, %189 : tensor<1x1x128xf32>
    %191 = stablehlo.transpose %arg6, dims = [1, 0] : (tensor<128x64xf32>) -> tensor<64x128xf32>
    %192 = stablehlo.dot_general %186, %191, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x128xf32>) -> tensor<1x128xf32>
    %193 = stablehlo.reshape %192 : (tensor<1x128xf32>) -> tensor<1x1x128xf32>
    %194 = stablehlo.multiply %190, %193 : tensor<1x1x128xf32>
    %195 = stablehlo.transpose %arg7, dims = [1, 0] : (tensor<64x128xf32>) -> tensor<128x64xf32>
    %196 = stablehlo.reshape %194 : (tensor<1x1x128xf32>) -> tensor<1x128xf32>
    %197 = stablehlo.dot_general %196, %195, contracting_dims = [1] x [0] : (tensor<1x128xf32>, tensor<128x64xf32>) -> tensor<1x64xf32>
    %198 = stablehlo.reshape %197 : (tensor<1x64xf32>) -> tensor<1x1x64xf32>
    %199 = stablehlo.add %174, %198 : tensor<1x1x64xf32>
    %200 = stablehlo.power %199, %59 : tensor<1x1x64xf32>
    %201 = stablehlo.reduce(%200 init: %cst_8) applies stablehlo.add across dimensions = [2] : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<1x1xf32>
    %202 = stablehlo.reshape %201 : (tensor<1x1xf32>) -> tensor<1x1x1xf32>
    %203 = stablehlo.divide %202, %65 : tensor<1x1x1xf32>
    %204 = stablehlo.add %203, %69 : tensor<1x1x1xf32>
    %205 = stablehlo.rsqrt %204 : tensor<1x1x1xf32>
    %206 = stablehlo.broadcast_in_dim %205, dims = [0, 1, 2] : (tensor<1x1x1xf32>) -> tensor<1x1x64xf32>
    %207 = stablehlo.multiply %199, %206 : tensor<1x1x64xf32>
    %208 = stablehlo.broadcast_in_dim %arg17, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %209 = stablehlo.multiply %208, %207 : tensor<1x1x64xf32>
    %210 = stablehlo.transpose %arg10, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %211 = stablehlo.reshape %209 : (tensor<1x1x64xf32>) -> tensor<1x64xf32>
    %212 = stablehlo.dot_general %211, %210, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x64xf32>) -> tensor<1x64xf32>
    %213 = stablehlo.reshape %212 : (tensor<1x64xf32>) -> tensor<1x1x64xf32>
    %214 = stablehlo.reshape %213 : (tensor<1x1x64xf32>) -> tensor<1x1x4x16xf32>
    %215 = stablehlo.transpose %214, dims = [0, 2, 1, 3] : (tensor<1x1x4x16xf32>) -> tensor<1x4x1x16xf32>
    %216 = stablehlo.transpose %arg11, dims = [1, 0] : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %217 = stablehlo.dot_general %211, %216, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x32xf32>) -> tensor<1x32xf32>
    %218 = stablehlo.reshape %217 : (tensor<1x32xf32>) -> tensor<1x1x32xf32>
    %219 = stablehlo.reshape %218 : (tensor<1x1x32xf32>) -> tensor<1x1x2x16xf32>
    %220 = stablehlo.transpose %219, dims = [0, 2, 1, 3] : (tensor<1x1x2x16xf32>) -> tensor<1x2x1x16xf32>
    %221 = stablehlo.transpose %arg12, dims = [1, 0] : (tensor<32x64xf32>) -> tensor<64x32xf32>
    %222 = stablehlo.dot_general %211, %221, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x32xf32>) -> tensor<1x32xf32>
    %223 = stablehlo.reshape %222 : (tensor<1x32xf32>) -> tensor<1x1x32xf32>
    %224 = stablehlo.reshape %223 : (tensor<1x1x32xf32>) -> tensor<1x1x2x16xf32>
    %225 = stablehlo.transpose %224, dims = [0, 2, 1, 3] : (tensor<1x1x2x16xf32>) -> tensor<1x2x1x16xf32>
    %226 = stablehlo.multiply %215, %94 : tensor<1x4x1x16xf32>
    %227 = stablehlo.slice %215 [0:1, 0:4, 0:1, 0:8] : (tensor<1x4x1x16xf32>) -> tensor<1x4x1x8xf32>
    %228 = stablehlo.slice %215 [0:1, 0:4, 0:1, 8:16] : (tensor<1x4x1x16xf32>) -> tensor<1x4x1x8xf32>
    %229 = stablehlo.negate %228 : tensor<1x4x1x8xf32>
    %230 = stablehlo.concatenate %229, %227, dim = 3 : (tensor<1x4x1x8xf32>, tensor<1x4x1x8xf32>) -> tensor<1x4x1x16xf32>
    %231 = stablehlo.multiply %230, %100 : tensor<1x4x1x16xf32>
    %232 = stablehlo.add %226, %231 : tensor<1x4x1x16xf32>
    %233 = stablehlo.multiply %220, %103 : tensor<1x2x1x16xf32>
    %234 = stablehlo.slice %220 [0:1, 0:2, 0:1, 0:8] : (tensor<1x2x1x16xf32>) -> tensor<1x2x1x8xf32>
    %235 = stablehlo.slice %220 [0:1, 0:2, 0:1, 8:16] : (tensor<1x2x1x16xf32>) -> tensor<1x2x1x8xf32>
    %236 = stablehlo.negate %235 : tensor<1x2x1x8xf32>
    %237 = stablehlo.concatenate %236, %234, dim = 3 : (tensor<1x2x1x8xf32>, tensor<1x2x1x8xf32>) -> tensor<1x2x1x16xf32>
    %238 = stablehlo.multiply %237, %109 : tensor<1x2x1x16xf32>
    %239 = stablehlo.add %233, %238 : tensor<1x2x1x16xf32>
    %240 = "stablehlo.scatter"(%5, %133, %239) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1, 2, 3], scatter_dims_to_operand_dims = [0, 1, 2, 3], index_vector_dim = 4>, unique_indices = false}> ({
    ^bb0(%arg27: tensor<f32>, %arg28: tensor<f32>):
      stablehlo.return %arg28 : tensor<f32>
    }) : (tensor<1x2x16x16xf32>, tensor<1x2x1x16x4xi64>, tensor<1x2x1x16xf32>) -> tensor<1x2x16x16xf32>
    %241 = "stablehlo.scatter"(%7, %133, %225) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1, 2, 3], scatter_dims_to_operand_dims = [0, 1, 2, 3], index_vector_dim = 4>, unique_indices = false}> ({
    ^bb0(%arg27: tensor<f32>, %arg28: tensor<f32>):
      stablehlo.return %arg28 : tensor<f32>
    }) : (tensor<1x2x16x16xf32>, tensor<1x2x1x16x4xi64>, tensor<1x2x1x16xf32>) -> tensor<1x2x16x16xf32>
    %242 = stablehlo.reshape %240 : (tensor<1x2x16x16xf32>) -> tensor<1x2x1x16x16xf32>
    %243 = stablehlo.broadcast_in_dim %242, dims = [0, 1, 2, 3, 4] : (tensor<1x2x1x16x16xf32>) -> tensor<1x2x2x16x16xf32>
    %244 = stablehlo.reshape %243 : (tensor<1x2x2x16x16xf32>) -> tensor<1x4x16x16xf32>
    %245 = stablehlo.reshape %241 : (tensor<1x2x16x16xf32>) -> tensor<1x2x1x16x16xf32>
    %246 = stablehlo.broadcast_in_dim %245, dims = [0, 1, 2, 3, 4] : (tensor<1x2x1x16x16xf32>) -> tensor<1x2x2x16x16xf32>
    %247 = stablehlo.reshape %246 : (tensor<1x2x2x16x16xf32>) -> tensor<1x4x16x16xf32>
    %248 = stablehlo.transpose %244, dims = [0, 1, 3, 2] : (tensor<1x4x16x16xf32>) -> tensor<1x4x16x16xf32>
    %249 = stablehlo.reshape %232 : (tensor<1x4x1x16xf32>) -> tensor<4x1x16xf32>
    %250 = stablehlo.reshape %248 : (tensor<1x4x16x16xf32>) -> tensor<4x16x16xf32>
    %251 = stablehlo.broadcast_in_dim %250, dims = [0, 1, 2] : (tensor<4x16x16xf32>) -> tensor<4x16x16xf32>
    %252 = stablehlo.dot_general %249, %251, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x1x16xf32>, tensor<4x16x16xf32>) -> tensor<4x1x16xf32>
    %253 = stablehlo.reshape %252 : (tensor<4x1x16xf32>) -> tensor<1x4x1x16xf32>
    %254 = stablehlo.multiply %253, %150 : tensor<1x4x1x16xf32>
    %255 = stablehlo.add %254, %152 : tensor<1x4x1x16xf32>
    %256 = stablehlo.reduce(%255 init: %cst_9) applies stablehlo.maximum across dimensions = [3] : (tensor<1x4x1x16xf32>, tensor<f32>) -> tensor<1x4x1xf32>
    %257 = stablehlo.reshape %256 : (tensor<1x4x1xf32>) -> tensor<1x4x1x1xf32>
    %258 = stablehlo.broadcast_in_dim %257, dims = [0, 1, 2, 3] : (tensor<1x4x1x1xf32>) -> tensor<1x4x1x16xf32>
    %259 = stablehlo.subtract %255, %258 : tensor<1x4x1x16xf32>
    %260 = stablehlo.exponential %259 : tensor<1x4x1x16xf32>
    %261 = stablehlo.reduce(%260 init: %cst_8) applies stablehlo.add across dimensions = [3] : (tensor<1x4x1x16xf32>, tensor<f32>) -> tensor<1x4x1xf32>
    %262 = stablehlo.reshape %261 : (tensor<1x4x1xf32>) -> tensor<1x4x1x1xf32>
    %263 = stablehlo.broadcast_in_dim %262, dims = [0, 1, 2, 3] : (tensor<1x4x1x1xf32>) -> tensor<1x4x1x16xf32>
    %264 = stablehlo.divide %260, %263 : tensor<1x4x1x16xf32>
    %265 = stablehlo.reshape %264 : (tensor<1x4x1x16xf32>) -> tensor<4x1x16xf32>
    %266 = stablehlo.reshape %247 : (tensor<1x4x16x16xf32>) -> tensor<4x16x16xf32>
    %267 = stablehlo.broadcast_in_dim %266, dims = [0, 1, 2] : (tensor<4x16x16xf32>) -> tensor<4x16x16xf32>
    %268 = stablehlo.dot_general %265, %267, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x1x16xf32>, tensor<4x16x16xf32>) -> tensor<4x1x16xf32>
    %269 = stablehlo.reshape %268 : (tensor<4x1x16xf32>) -> tensor<1x4x1x16xf32>
    %270 = stablehlo.transpose %269, dims = [0, 2, 1, 3] : (tensor<1x4x1x16xf32>) -> tensor<1x1x4x16xf32>
    %271 = stablehlo.reshape %270 : (tensor<1x1x4x16xf32>) -> tensor<1x1x64xf32>
    %272 = stablehlo.transpose %arg13, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
    %273 = stablehlo.reshape %271 : (tensor<1x1x64xf32>) -> tensor<1x64xf32>
    %274 = stablehlo.dot_general %273, %272, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x64xf32>) -> tensor<1x64xf32>
    %275 = stablehlo.reshape %274 : (tensor<1x64xf32>) -> tensor<1x1x64xf32>
    %276 = stablehlo.add %199, %275 : tensor<1x1x64xf32>
    %277 = stablehlo.power %276, %59 : tensor<1x1x64xf32>
    %278 = stablehlo.reduce(%277 init: %cst_8) applies stablehlo.add across dimensions = [2] : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<1x1xf32>
    %279 = stablehlo.reshape %278 : (tensor<1x1xf32>) -> tensor<1x1x1xf32>
    %280 = stablehlo.divide %279, %65 : tensor<1x1x1xf32>
    %281 = stablehlo.add %280, %69 : tensor<1x1x1xf32>
    %282 = stablehlo.rsqrt %281 : tensor<1x1x1xf32>
    %283 = stablehlo.broadcast_in_dim %282, dims = [0, 1, 2] : (tensor<1x1x1xf32>) -> tensor<1x1x64xf32>
    %284 = stablehlo.multiply %276, %283 : tensor<1x1x64xf32>
    %285 = stablehlo.broadcast_in_dim %arg18, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %286 = stablehlo.multiply %285, %284 : tensor<1x1x64xf32>
    %287 = stablehlo.transpose %arg14, dims = [1, 0] : (tensor<128x64xf32>) -> tensor<64x128xf32>
    %288 = stablehlo.reshape %286 : (tensor<1x1x64xf32>) -> tensor<1x64xf32>
    %289 = stablehlo.dot_general %288, %287, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x128xf32>) -> tensor<1x128xf32>
    %290 = stablehlo.reshape %289 : (tensor<1x128xf32>) -> tensor<1x1x128xf32>
    %291 = stablehlo.logistic %290 : tensor<1x1x128xf32>
    %292 = stablehlo.multiply %290, %291 : tensor<1x1x128xf32>
    %293 = stablehlo.transpose %arg15, dims = [1, 0] : (tensor<128x64xf32>) -> tensor<64x128xf32>
    %294 = stablehlo.dot_general %288, %293, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x128xf32>) -> tensor<1x128xf32>
    %295 = stablehlo.reshape %294 : (tensor<1x128xf32>) -> tensor<1x1x128xf32>
    %296 = stablehlo.multiply %292, %295 : tensor<1x1x128xf32>
    %297 = stablehlo.transpose %arg16, dims = [1, 0] : (tensor<64x128xf32>) -> tensor<128x64xf32>
    %298 = stablehlo.reshape %296 : (tensor<1x1x128xf32>) -> tensor<1x128xf32>
    %299 = stablehlo.dot_general %298, %297, contracting_dims = [1] x [0] : (tensor<1x128xf32>, tensor<128x64xf32>) -> tensor<1x64xf32>
    %300 = stablehlo.reshape %299 : (tensor<1x64xf32>) -> tensor<1x1x64xf32>
    %301 = stablehlo.add %276, %300 : tensor<1x1x64xf32>
    %302 = stablehlo.power %301, %59 : tensor<1x1x64xf32>
    %303 = stablehlo.reduce(%302 init: %cst_8) applies stablehlo.add across dimensions = [2] : (tensor<1x1x64xf32>, tensor<f32>) -> tensor<1x1xf32>
    %304 = stablehlo.reshape %303 : (tensor<1x1xf32>) -> tensor<1x1x1xf32>
    %305 = stablehlo.divide %304, %65 : tensor<1x1x1xf32>
    %306 = stablehlo.add %305, %69 : tensor<1x1x1xf32>
    %307 = stablehlo.rsqrt %306 : tensor<1x1x1xf32>
    %308 = stablehlo.broadcast_in_dim %307, dims = [0, 1, 2] : (tensor<1x1x1xf32>) -> tensor<1x1x64xf32>
    %309 = stablehlo.multiply %301, %308 : tensor<1x1x64xf32>
    %310 = stablehlo.broadcast_in_dim %arg19, dims = [2] : (tensor<64xf32>) -> tensor<1x1x64xf32>
    %311 = stablehlo.multiply %310, %309 : tensor<1x1x64xf32>
    %312 = stablehlo.transpose %arg20, dims = [1, 0] : (tensor<256x64xf32>) -> tensor<64x256xf32>
    %313 = stablehlo.reshape %311 : (tensor<1x1x64xf32>) -> tensor<1x64xf32>
    %314 = stablehlo.dot_general %313, %312, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x256xf32>) -> tensor<1x256xf32>
    %315 = stablehlo.reshape %314 : (tensor<1x256xf32>) -> tensor<1x1x256xf32>
    %316 = stablehlo.concatenate %134, %240, dim = 0 : (tensor<1x2x16x16xf32>, tensor<1x2x16x16xf32>) -> tensor<2x2x16x16xf32>
    %317 = stablehlo.reshape %316 : (tensor<2x2x16x16xf32>) -> tensor<2x1x2x16x16xf32>
    %318 = stablehlo.concatenate %135, %241, dim = 0 : (tensor<1x2x16x16xf32>, tensor<1x2x16x16xf32>) -> tensor<2x2x16x16xf32>
    %319 = stablehlo.reshape %318 : (tensor<2x2x16x16xf32>) -> tensor<2x1x2x16x16xf32>
    return %315, %317, %319 : tensor<1x1x256xf32>, tensor<2x1x2x16x16xf32>, tensor<2x1x2x16x16xf32>
  }
}
