module {
  func.func @main(%arg0: tensor<8x3x7x7xf32>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>, %arg3: tensor<8x8x3x3xf32>, %arg4: tensor<8xf32>, %arg5: tensor<8xf32>, %arg6: tensor<8x8x3x3xf32>, %arg7: tensor<8xf32>, %arg8: tensor<8xf32>, %arg9: tensor<8x8x3x3xf32>, %arg10: tensor<8xf32>, %arg11: tensor<8xf32>, %arg12: tensor<8x8x3x3xf32>, %arg13: tensor<8xf32>, %arg14: tensor<8xf32>, %arg15: tensor<16x8x3x3xf32>, %arg16: tensor<16xf32>, %arg17: tensor<16xf32>, %arg18: tensor<16x16x3x3xf32>, %arg19: tensor<16xf32>, %arg20: tensor<16xf32>, %arg21: tensor<16x8x1x1xf32>, %arg22: tensor<16xf32>, %arg23: tensor<16xf32>, %arg24: tensor<16x16x3x3xf32>, %arg25: tensor<16xf32>, %arg26: tensor<16xf32>, %arg27: tensor<16x16x3x3xf32>, %arg28: tensor<16xf32>, %arg29: tensor<16xf32>, %arg30: tensor<32x16x3x3xf32>, %arg31: tensor<32xf32>, %arg32: tensor<32xf32>, %arg33: tensor<32x32x3x3xf32>, %arg34: tensor<32xf32>, %arg35: tensor<32xf32>, %arg36: tensor<32x16x1x1xf32>, %arg37: tensor<32xf32>, %arg38: tensor<32xf32>, %arg39: tensor<32x32x3x3xf32>, %arg40: tensor<32xf32>, %arg41: tensor<32xf32>, %arg42: tensor<32x32x3x3xf32>, %arg43: tensor<32xf32>, %arg44: tensor<32xf32>, %arg45: tensor<64x32x3x3xf32>, %arg46: tensor<64xf32>, %arg47: tensor<64xf32>, %arg48: tensor<64x64x3x3xf32>, %arg49: tensor<64xf32>, %arg50: tensor<64xf32>, %arg51: tensor<64x32x1x1xf32>, %arg52: tensor<64xf32>, %arg53: tensor<64xf32>, %arg54: tensor<64x64x3x3xf32>, %arg55: tensor<64xf32>, %arg56: tensor<64xf32>, %arg57: tensor<64x64x3x3xf32>, %arg58: tensor<64xf32>, %arg59: tensor<64xf32>, %arg60: tensor<10x64xf32>, %arg61: tensor<10xf32>, %arg62: tensor<8xf32>, %arg63: tensor<8xf32>, %arg64: tensor<i64>, %arg65: tensor<8xf32>, %arg66: tensor<8xf32>, %arg67: tensor<i64>, %arg68: tensor<8xf32>, %arg69: tensor<8xf32>, %arg70: tensor<i64>, %arg71: tensor<8xf32>, %arg72: tensor<8xf32>, %arg73: tensor<i64>, %arg74: tensor<8xf32>, %arg75: tensor<8xf32>, %arg76: tensor<i64>, %arg77: tensor<16xf32>, %arg78: tensor<16xf32>, %arg79: tensor<i64>, %arg80: tensor<16xf32>, %arg81: tensor<16xf32>, %arg82: tensor<i64>, %arg83: tensor<16xf32>, %arg84: tensor<16xf32>, %arg85: tensor<i64>, %arg86: tensor<16xf32>, %arg87: tensor<16xf32>, %arg88: tensor<i64>, %arg89: tensor<16xf32>, %arg90: tensor<16xf32>, %arg91: tensor<i64>, %arg92: tensor<32xf32>, %arg93: tensor<32xf32>, %arg94: tensor<i64>, %arg95: tensor<32xf32>, %arg96: tensor<32xf32>, %arg97: tensor<i64>, %arg98: tensor<32xf32>, %arg99: tensor<32xf32>, %arg100: tensor<i64>, %arg101: tensor<32xf32>, %arg102: tensor<32xf32>, %arg103: tensor<i64>, %arg104: tensor<32xf32>, %arg105: tensor<32xf32>, %arg106: tensor<i64>, %arg107: tensor<64xf32>, %arg108: tensor<64xf32>, %arg109: tensor<i64>, %arg110: tensor<64xf32>, %arg111: tensor<64xf32>, %arg112: tensor<i64>, %arg113: tensor<64xf32>, %arg114: tensor<64xf32>, %arg115: tensor<i64>, %arg116: tensor<64xf32>, %arg117: tensor<64xf32>, %arg118: tensor<i64>, %arg119: tensor<64xf32>, %arg120: tensor<64xf32>, %arg121: tensor<i64>, %arg122: tensor<1x3x64x64xf32>) -> tensor<1x10xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<1x8x32x32xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<1x8x16x16xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<1x16x8x8xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<1x32x4x4xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<1x64x2x2xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_6 = arith.constant dense<1.000000e-05> : tensor<1xf64>
    %cst_7 = arith.constant dense<4> : tensor<1xi64>
    %cst_8 = arith.constant dense<1> : tensor<1xi64>
    %0 = stablehlo.convolution(%arg122, %arg0) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[3, 3], [3, 3]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x64x64xf32>, tensor<8x3x7x7xf32>) -> tensor<1x8x32x32xf32>
    %1 = stablehlo.convert %cst_6 : (tensor<1xf64>) -> tensor<1xf32>
    %2 = stablehlo.reshape %1 : (tensor<1xf32>) -> tensor<f32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %4 = stablehlo.add %arg63, %3 : tensor<8xf32>
    %5 = stablehlo.rsqrt %4 : tensor<8xf32>
    %6 = stablehlo.reshape %arg62 : (tensor<8xf32>) -> tensor<8x1xf32>
    %7 = stablehlo.reshape %6 : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %8 = stablehlo.reshape %5 : (tensor<8xf32>) -> tensor<8x1xf32>
    %9 = stablehlo.reshape %8 : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %10 = stablehlo.broadcast_in_dim %7, dims = [1, 2, 3] : (tensor<8x1x1xf32>) -> tensor<1x8x32x32xf32>
    %11 = stablehlo.subtract %0, %10 : tensor<1x8x32x32xf32>
    %12 = stablehlo.broadcast_in_dim %9, dims = [1, 2, 3] : (tensor<8x1x1xf32>) -> tensor<1x8x32x32xf32>
    %13 = stablehlo.multiply %11, %12 : tensor<1x8x32x32xf32>
    %14 = stablehlo.reshape %arg1 : (tensor<8xf32>) -> tensor<8x1xf32>
    %15 = stablehlo.reshape %14 : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [1, 2, 3] : (tensor<8x1x1xf32>) -> tensor<1x8x32x32xf32>
    %17 = stablehlo.multiply %13, %16 : tensor<1x8x32x32xf32>
    %18 = stablehlo.reshape %arg2 : (tensor<8xf32>) -> tensor<8x1xf32>
    %19 = stablehlo.reshape %18 : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [1, 2, 3] : (tensor<8x1x1xf32>) -> tensor<1x8x32x32xf32>
    %21 = stablehlo.add %17, %20 : tensor<1x8x32x32xf32>
    %22 = stablehlo.maximum %21, %cst : tensor<1x8x32x32xf32>
    %23 = "stablehlo.reduce_window"(%22, %cst_0) <{padding = dense<[[0, 0], [0, 0], [1, 1], [1, 1]]> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 1, 3, 3>, window_strides = array<i64: 1, 1, 2, 2>}> ({
    ^bb0(%arg123: tensor<f32>, %arg124: tensor<f32>):
      %429 = stablehlo.maximum %arg123, %arg124 : tensor<f32>
      stablehlo.return %429 : tensor<f32>
    }) : (tensor<1x8x32x32xf32>, tensor<f32>) -> tensor<1x8x16x16xf32>
    %24 = stablehlo.convolution(%23, %arg3) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x16x16xf32>, tensor<8x8x3x3xf32>) -> tensor<1x8x16x16xf32>
    %25 = stablehlo.add %arg66, %3 : tensor<8xf32>
    %26 = stablehlo.rsqrt %25 : tensor<8xf32>
    %27 = stablehlo.reshape %arg65 : (tensor<8xf32>) -> tensor<8x1xf32>
    %28 = stablehlo.reshape %27 : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %29 = stablehlo.reshape %26 : (tensor<8xf32>) -> tensor<8x1xf32>
    %30 = stablehlo.reshape %29 : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %31 = stablehlo.broadcast_in_dim %28, dims = [1, 2, 3] : (tensor<8x1x1xf32>) -> tensor<1x8x16x16xf32>
    %32 = stablehlo.subtract %24, %31 : tensor<1x8x16x16xf32>
    %33 = stablehlo.broadcast_in_dim %30, dims = [1, 2, 3] : (tensor<8x1x1xf32>) -> tensor<1x8x16x16xf32>
    %34 = stablehlo.multiply %32, %33 : tensor<1x8x16x16xf32>
    %35 = stablehlo.reshape %arg4 : (tensor<8xf32>) -> tensor<8x1xf32>
    %36 = stablehlo.reshape %35 : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [1, 2, 3] : (tensor<8x1x1xf32>) -> tensor<1x8x16x16xf32>
    %38 = stablehlo.multiply %34, %37 : tensor<1x8x16x16xf32>
    %39 = stablehlo.reshape %arg5 : (tensor<8xf32>) -> tensor<8x1xf32>
    %40 = stablehlo.reshape %39 : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [1, 2, 3] : (tensor<8x1x1xf32>) -> tensor<1x8x16x16xf32>
    %42 = stablehlo.add %38, %41 : tensor<1x8x16x16xf32>
    %43 = stablehlo.maximum %42, %cst_1 : tensor<1x8x16x16xf32>
    %44 = stablehlo.convolution(%43, %arg6) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x16x16xf32>, tensor<8x8x3x3xf32>) -> tensor<1x8x16x16xf32>
    %45 = stablehlo.add %arg69, %3 : tensor<8xf32>
    %46 = stablehlo.rsqrt %45 : tensor<8xf32>
    %47 = stablehlo.reshape %arg68 : (tensor<8xf32>) -> tensor<8x1xf32>
    %48 = stablehlo.reshape %47 : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %49 = stablehlo.reshape %46 : (tensor<8xf32>) -> tensor<8x1xf32>
    %50 = stablehlo.reshape %49 : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %51 = stablehlo.broadcast_in_dim %48, dims = [1, 2, 3] : (tensor<8x1x1xf32>) -> tensor<1x8x16x16xf32>
    %52 = stablehlo.subtract %44, %51 : tensor<1x8x16x16xf32>
    %53 = stablehlo.broadcast_in_dim %50, dims = [1, 2, 3] : (tensor<8x1x1xf32>) -> tensor<1x8x16x16xf32>
    %54 = stablehlo.multiply %52, %53 : tensor<1x8x16x16xf32>
    %55 = stablehlo.reshape %arg7 : (tensor<8xf32>) -> tensor<8x1xf32>
    %56 = stablehlo.reshape %55 : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %57 = stablehlo.broadcast_in_dim %56, dims = [1, 2, 3] : (tensor<8x1x1xf32>) -> tensor<1x8x16x16xf32>
    %58 = stablehlo.multiply %54, %57 : tensor<1x8x16x16xf32>
    %59 = stablehlo.reshape %arg8 : (tensor<8xf32>) -> tensor<8x1xf32>
    %60 = stablehlo.reshape %59 : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %61 = stablehlo.broadcast_in_dim %60, dims = [1, 2, 3] : (tensor<8x1x1xf32>) -> tensor<1x8x16x16xf32>
    %62 = stablehlo.add %58, %61 : tensor<1x8x16x16xf32>
    %63 = stablehlo.add %62, %23 : tensor<1x8x16x16xf32>
    %64 = stablehlo.maximum %63, %cst_1 : tensor<1x8x16x16xf32>
    %65 = stablehlo.convolution(%64, %arg9) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x16x16xf32>, tensor<8x8x3x3xf32>) -> tensor<1x8x16x16xf32>
    %66 = stablehlo.add %arg72, %3 : tensor<8xf32>
    %67 = stablehlo.rsqrt %66 : tensor<8xf32>
    %68 = stablehlo.reshape %arg71 : (tensor<8xf32>) -> tensor<8x1xf32>
    %69 = stablehlo.reshape %68 : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %70 = stablehlo.reshape %67 : (tensor<8xf32>) -> tensor<8x1xf32>
    %71 = stablehlo.reshape %70 : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %72 = stablehlo.broadcast_in_dim %69, dims = [1, 2, 3] : (tensor<8x1x1xf32>) -> tensor<1x8x16x16xf32>
    %73 = stablehlo.subtract %65, %72 : tensor<1x8x16x16xf32>
    %74 = stablehlo.broadcast_in_dim %71, dims = [1, 2, 3] : (tensor<8x1x1xf32>) -> tensor<1x8x16x16xf32>
    %75 = stablehlo.multiply %73, %74 : tensor<1x8x16x16xf32>
    %76 = stablehlo.reshape %arg10 : (tensor<8xf32>) -> tensor<8x1xf32>
    %77 = stablehlo.reshape %76 : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %78 = stablehlo.broadcast_in_dim %77, dims = [1, 2, 3] : (tensor<8x1x1xf32>) -> tensor<1x8x16x16xf32>
    %79 = stablehlo.multiply %75, %78 : tensor<1x8x16x16xf32>
    %80 = stablehlo.reshape %arg11 : (tensor<8xf32>) -> tensor<8x1xf32>
    %81 = stablehlo.reshape %80 : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %82 = stablehlo.broadcast_in_dim %81, dims = [1, 2, 3] : (tensor<8x1x1xf32>) -> tensor<1x8x16x16xf32>
    %83 = stablehlo.add %79, %82 : tensor<1x8x16x16xf32>
    %84 = stablehlo.maximum %83, %cst_1 : tensor<1x8x16x16xf32>
    %85 = stablehlo.convolution(%84, %arg12) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x16x16xf32>, tensor<8x8x3x3xf32>) -> tensor<1x8x16x16xf32>
    %86 = stablehlo.add %arg75, %3 : tensor<8xf32>
    %87 = stablehlo.rsqrt %86 : tensor<8xf32>
    %88 = stablehlo.reshape %arg74 : (tensor<8xf32>) -> tensor<8x1xf32>
    %89 = stablehlo.reshape %88 : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %90 = stablehlo.reshape %87 : (tensor<8xf32>) -> tensor<8x1xf32>
    %91 = stablehlo.reshape %90 : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %92 = stablehlo.broadcast_in_dim %89, dims = [1, 2, 3] : (tensor<8x1x1xf32>) -> tensor<1x8x16x16xf32>
    %93 = stablehlo.subtract %85, %92 : tensor<1x8x16x16xf32>
    %94 = stablehlo.broadcast_in_dim %91, dims = [1, 2, 3] : (tensor<8x1x1xf32>) -> tensor<1x8x16x16xf32>
    %95 = stablehlo.multiply %93, %94 : tensor<1x8x16x16xf32>
    %96 = stablehlo.reshape %arg13 : (tensor<8xf32>) -> tensor<8x1xf32>
    %97 = stablehlo.reshape %96 : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %98 = stablehlo.broadcast_in_dim %97, dims = [1, 2, 3] : (tensor<8x1x1xf32>) -> tensor<1x8x16x16xf32>
    %99 = stablehlo.multiply %95, %98 : tensor<1x8x16x16xf32>
    %100 = stablehlo.reshape %arg14 : (tensor<8xf32>) -> tensor<8x1xf32>
    %101 = stablehlo.reshape %100 : (tensor<8x1xf32>) -> tensor<8x1x1xf32>
    %102 = stablehlo.broadcast_in_dim %101, dims = [1, 2, 3] : (tensor<8x1x1xf32>) -> tensor<1x8x16x16xf32>
    %103 = stablehlo.add %99, %102 : tensor<1x8x16x16xf32>
    %104 = stablehlo.add %103, %64 : tensor<1x8x16x16xf32>
    %105 = stablehlo.maximum %104, %cst_1 : tensor<1x8x16x16xf32>
    %106 = stablehlo.convolution(%105, %arg15) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x16x16xf32>, tensor<16x8x3x3xf32>) -> tensor<1x16x8x8xf32>
    %107 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %108 = stablehlo.add %arg78, %107 : tensor<16xf32>
    %109 = stablehlo.rsqrt %108 : tensor<16xf32>
    %110 = stablehlo.reshape %arg77 : (tensor<16xf32>) -> tensor<16x1xf32>
    %111 = stablehlo.reshape %110 : (tensor<16x1xf32>) -> tensor<16x1x1xf32>
    %112 = stablehlo.reshape %109 : (tensor<16xf32>) -> tensor<16x1xf32>
    %113 = stablehlo.reshape %112 : (tensor<16x1xf32>) -> tensor<16x1x1xf32>
    %114 = stablehlo.broadcast_in_dim %111, dims = [1, 2, 3] : (tensor<16x1x1xf32>) -> tensor<1x16x8x8xf32>
    %115 = stablehlo.subtract %106, %114 : tensor<1x16x8x8xf32>
    %116 = stablehlo.broadcast_in_dim %113, dims = [1, 2, 3] : (tensor<16x1x1xf32>) -> tensor<1x16x8x8xf32>
    %117 = stablehlo.multiply %115, %116 : tensor<1x16x8x8xf32>
    %118 = stablehlo.reshape %arg16 : (tensor<16xf32>) -> tensor<16x1xf32>
    %119 = stablehlo.reshape %118 : (tensor<16x1xf32>) -> tensor<16x1x1xf32>
    %120 = stablehlo.broadcast_in_dim %119, dims = [1, 2, 3] : (tensor<16x1x1xf32>) -> tensor<1x16x8x8xf32>
    %121 = stablehlo.multiply %117, %120 : tensor<1x16x8x8xf32>
    %122 = stablehlo.reshape %arg17 : (tensor<16xf32>) -> tensor<16x1xf32>
    %123 = stablehlo.reshape %122 : (tensor<16x1xf32>) -> tensor<16x1x1xf32>
    %124 = stablehlo.broadcast_in_dim %123, dims = [1, 2, 3] : (tensor<16x1x1xf32>) -> tensor<1x16x8x8xf32>
    %125 = stablehlo.add %121, %124 : tensor<1x16x8x8xf32>
    %126 = stablehlo.maximum %125, %cst_2 : tensor<1x16x8x8xf32>
    %127 = stablehlo.convolution(%126, %arg18) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x16x8x8xf32>, tensor<16x16x3x3xf32>) -> tensor<1x16x8x8xf32>
    %128 = stablehlo.add %arg81, %107 : tensor<16xf32>
    %129 = stablehlo.rsqrt %128 : tensor<16xf32>
    %130 = stablehlo.reshape %arg80 : (tensor<16xf32>) -> tensor<16x1xf32>
    %131 = stablehlo.reshape %130 : (tensor<16x1xf32>) -> tensor<16x1x1xf32>
    %132 = stablehlo.reshape %129 : (tensor<16xf32>) -> tensor<16x1xf32>
    %133 = stablehlo.reshape %132 : (tensor<16x1xf32>) -> tensor<16x1x1xf32>
    %134 = stablehlo.broadcast_in_dim %131, dims = [1, 2, 3] : (tensor<16x1x1xf32>) -> tensor<1x16x8x8xf32>
    %135 = stablehlo.subtract %127, %134 : tensor<1x16x8x8xf32>
    %136 = stablehlo.broadcast_in_dim %133, dims = [1, 2, 3] : (tensor<16x1x1xf32>) -> tensor<1x16x8x8xf32>
    %137 = stablehlo.multiply %135, %136 : tensor<1x16x8x8xf32>
    %138 = stablehlo.reshape %arg19 : (tensor<16xf32>) -> tensor<16x1xf32>
    %139 = stablehlo.reshape %138 : (tensor<16x1xf32>) -> tensor<16x1x1xf32>
    %140 = stablehlo.broadcast_in_dim %139, dims = [1, 2, 3] : (tensor<16x1x1xf32>) -> tensor<1x16x8x8xf32>
    %141 = stablehlo.multiply %137, %140 : tensor<1x16x8x8xf32>
    %142 = stablehlo.reshape %arg20 : (tensor<16xf32>) -> tensor<16x1xf32>
    %143 = stablehlo.reshape %142 : (tensor<16x1xf32>) -> tensor<16x1x1xf32>
    %144 = stablehlo.broadcast_in_dim %143, dims = [1, 2, 3] : (tensor<16x1x1xf32>) -> tensor<1x16x8x8xf32>
    %145 = stablehlo.add %141, %144 : tensor<1x16x8x8xf32>
    %146 = stablehlo.convolution(%105, %arg21) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x16x16xf32>, tensor<16x8x1x1xf32>) -> tensor<1x16x8x8xf32>
    %147 = stablehlo.add %arg84, %107 : tensor<16xf32>
    %148 = stablehlo.rsqrt %147 : tensor<16xf32>
    %149 = stablehlo.reshape %arg83 : (tensor<16xf32>) -> tensor<16x1xf32>
    %150 = stablehlo.reshape %149 : (tensor<16x1xf32>) -> tensor<16x1x1xf32>
    %151 = stablehlo.reshape %148 : (tensor<16xf32>) -> tensor<16x1xf32>
    %152 = stablehlo.reshape %151 : (tensor<16x1xf32>) -> tensor<16x1x1xf32>
    %153 = stablehlo.broadcast_in_dim %150, dims = [1, 2, 3] : (tensor<16x1x1xf32>) -> tensor<1x16x8x8xf32>
    %154 = stablehlo.subtract %146, %153 : tensor<1x16x8x8xf32>
    %155 = stablehlo.broadcast_in_dim %152, dims = [1, 2, 3] : (tensor<16x1x1xf32>) -> tensor<1x16x8x8xf32>
    %156 = stablehlo.multiply %154, %155 : tensor<1x16x8x8xf32>
    %157 = stablehlo.reshape %arg22 : (tensor<16xf32>) -> tensor<16x1xf32>
    %158 = stablehlo.reshape %157 : (tensor<16x1xf32>) -> tensor<16x1x1xf32>
    %159 = stablehlo.broadcast_in_dim %158, dims = [1, 2, 3] : (tensor<16x1x1xf32>) -> tensor<1x16x8x8xf32>
    %160 = stablehlo.multiply %156, %159 : tensor<1x16x8x8xf32>
    %161 = stablehlo.reshape %arg23 : (tensor<16xf32>) -> tensor<16x1xf32>
    %162 = stablehlo.reshape %161 : (tensor<16x1xf32>) -> tensor<16x1x1xf32>
    %163 = stablehlo.broadcast_in_dim %162, dims = [1, 2, 3] : (tensor<16x1x1xf32>) -> tensor<1x16x8x8xf32>
    %164 = stablehlo.add %160, %163 : tensor<1x16x8x8xf32>
    %165 = stablehlo.add %145, %164 : tensor<1x16x8x8xf32>
    %166 = stablehlo.maximum %165, %cst_2 : tensor<1x16x8x8xf32>
    %167 = stablehlo.convolution(%166, %arg24) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x16x8x8xf32>, tensor<16x16x3x3xf32>) -> tensor<1x16x8x8xf32>
    %168 = stablehlo.add %arg87, %107 : tensor<16xf32>
    %169 = stablehlo.rsqrt %168 : tensor<16xf32>
    %170 = stablehlo.reshape %arg86 : (tensor<16xf32>) -> tensor<16x1xf32>
    %171 = stablehlo.reshape %170 : (tensor<16x1xf32>) -> tensor<16x1x1xf32>
    %172 = stablehlo.reshape %169 : (tensor<16xf32>) -> tensor<16x1xf32>
    %173 = stablehlo.reshape %172 : (tensor<16x1xf32>) -> tensor<16x1x1xf32>
    %174 = stablehlo.broadcast_in_dim %171, dims = [1, 2, 3] : (tensor<16x1x1xf32>) -> tensor<1x16x8x8xf32>
    %175 = stablehlo.subtract %167, %174 : tensor<1x16x8x8xf32>
    %176 = stablehlo.broadcast_in_dim %173, dims = [1, 2, 3] : (tensor<16x1x1xf32>) -> tensor<1x16x8x8xf32>
    %177 = stablehlo.multiply %175, %176 : tensor<1x16x8x8xf32>
    %178 = stablehlo.reshape %arg25 : (tensor<16xf32>) -> tensor<16x1xf32>
    %179 = stablehlo.reshape %178 : (tensor<16x1xf32>) -> tensor<16x1x1xf32>
    %180 = stablehlo.broadcast_in_dim %179, dims = [1, 2, 3] : (tensor<16x1x1xf32>) -> tensor<1x16x8x8xf32>
    %181 = stablehlo.multiply %177, %180 : tensor<1x16x8x8xf32>
    %182 = stablehlo.reshape %arg26 : (tensor<16xf32>) -> tensor<16x1xf32>
    %183 = stablehlo.reshape %182 : (tensor<16x1xf32>) -> tensor<16x1x1xf32>
    %184 = stablehlo.broadcast_in_dim %183, dims = [1, 2, 3] : (tensor<16x1x1xf32>) -> tensor<1x16x8x8xf32>
    %185 = stablehlo.add %181, %184 : tensor<1x16x8x8xf32>
    %186 = stablehlo.maximum %185, %cst_2 : tensor<1x16x8x8xf32>
    %187 = stablehlo.convolution(%186, %arg27) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x16x8x8xf32>, tensor<16x16x3x3xf32>) -> tensor<1x16x8x8xf32>
    %188 = stablehlo.add %arg90, %107 : tensor<16xf32>
    %189 = stablehlo.rsqrt %188 : tensor<16xf32>
    %190 = stablehlo.reshape %arg89 : (tensor<16xf32>) -> tensor<16x1xf32>
    %191 = stablehlo.reshape %190 : (tensor<16x1xf32>) -> tensor<16x1x1xf32>
    %192 = stablehlo.reshape %189 : (tensor<16xf32>) -> tensor<16x1xf32>
    %193 = stablehlo.reshape %192 : (tensor<16x1xf32>) -> tensor<16x1x1xf32>
    %194 = stablehlo.broadcast_in_dim %191, dims = [1, 2, 3] : (tensor<16x1x1xf32>) -> tensor<1x16x8x8xf32>
    %195 = stablehlo.subtract %187, %194 : tensor<1x16x8x8xf32>
    %196 = stablehlo.broadcast_in_dim %193, dims = [1, 2, 3] : (tensor<16x1x1xf32>) -> tensor<1x16x8x8xf32>
    %197 = stablehlo.multiply %195, %196 : tensor<1x16x8x8xf32>
    %198 = stablehlo.reshape %arg28 : (tensor<16xf32>) -> tensor<16x1xf32>
    %199 = stablehlo.reshape %198 : (tensor<16x1xf32>) -> tensor<16x1x1xf32>
    %200 = stablehlo.broadcast_in_dim %199, dims = [1, 2, 3] : (tensor<16x1x1xf32>) -> tensor<1x16x8x8xf32>
    %201 = stablehlo.multiply %197, %200 : tensor<1x16x8x8xf32>
    %202 = stablehlo.reshape %arg29 : (tensor<16xf32>) -> tensor<16x1xf32>
    %203 = stablehlo.reshape %202 : (tensor<16x1xf32>) -> tensor<16x1x1xf32>
    %204 = stablehlo.broadcast_in_dim %203, dims = [1, 2, 3] : (tensor<16x1x1xf32>) -> tensor<1x16x8x8xf32>
    %205 = stablehlo.add %201, %204 : tensor<1x16x8x8xf32>
    %206 = stablehlo.add %205, %166 : tensor<1x16x8x8xf32>
    %207 = stablehlo.maximum %206, %cst_2 : tensor<1x16x8x8xf32>
    %208 = stablehlo.convolution(%207, %arg30) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x16x8x8xf32>, tensor<32x16x3x3xf32>) -> tensor<1x32x4x4xf32>
    %209 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %210 = stablehlo.add %arg93, %209 : tensor<32xf32>
    %211 = stablehlo.rsqrt %210 : tensor<32xf32>
    %212 = stablehlo.reshape %arg92 : (tensor<32xf32>) -> tensor<32x1xf32>
    %213 = stablehlo.reshape %212 : (tensor<32x1xf32>) -> tensor<32x1x1xf32>
    %214 = stablehlo.reshape %211 : (tensor<32xf32>) -> tensor<32x1xf32>
    %215 = stablehlo.reshape %214 : (tensor<32x1xf32>) -> tensor<32x1x1xf32>
    %216 = stablehlo.broadcast_in_dim %213, dims = [1, 2, 3] : (tensor<32x1x1xf32>) -> tensor<1x32x4x4xf32>
    %217 = stablehlo.subtract %208, %216 : tensor<1x32x4x4xf32>
    %218 = stablehlo.broadcast_in_dim %215, dims = [1, 2, 3] : (tensor<32x1x1xf32>) -> tensor<1x32x4x4xf32>
    %219 = stablehlo.multiply %217, %218 : tensor<1x32x4x4xf32>
    %220 = stablehlo.reshape %arg31 : (tensor<32xf32>) -> tensor<32x1xf32>
    %221 = stablehlo.reshape %220 : (tensor<32x1xf32>) -> tensor<32x1x1xf32>
    %222 = stablehlo.broadcast_in_dim %221, dims = [1, 2, 3] : (tensor<32x1x1xf32>) -> tensor<1x32x4x4xf32>
    %223 = stablehlo.multiply %219, %222 : tensor<1x32x4x4xf32>
    %224 = stablehlo.reshape %arg32 : (tensor<32xf32>) -> tensor<32x1xf32>
    %225 = stablehlo.reshape %224 : (tensor<32x1xf32>) -> tensor<32x1x1xf32>
    %226 = stablehlo.broadcast_in_dim %225, dims = [1, 2, 3] : (tensor<32x1x1xf32>) -> tensor<1x32x4x4xf32>
    %227 = stablehlo.add %223, %226 : tensor<1x32x4x4xf32>
    %228 = stablehlo.maximum %227, %cst_3 : tensor<1x32x4x4xf32>
    %229 = stablehlo.convolution(%228, %arg33) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x32x4x4xf32>, tensor<32x32x3x3xf32>) -> tensor<1x32x4x4xf32>
    %230 = stablehlo.add %arg96, %209 : tensor<32xf32>
    %231 = stablehlo.rsqrt %230 : tensor<32xf32>
    %232 = stablehlo.reshape %arg95 : (tensor<32xf32>) -> tensor<32x1xf32>
    %233 = stablehlo.reshape %232 : (tensor<32x1xf32>) -> tensor<32x1x1xf32>
    %234 = stablehlo.reshape %231 : (tensor<32xf32>) -> tensor<32x1xf32>
    %235 = stablehlo.reshape %234 : (tensor<32x1xf32>) -> tensor<32x1x1xf32>
    %236 = stablehlo.broadcast_in_dim %233, dims = [1, 2, 3] : (tensor<32x1x1xf32>) -> tensor<1x32x4x4xf32>
    %237 = stablehlo.subtract %229, %236 : tensor<1x32x4x4xf32>
    %238 = stablehlo.broadcast_in_dim %235, dims = [1, 2, 3] : (tensor<32x1x1xf32>) -> tensor<1x32x4x4xf32>
    %239 = stablehlo.multiply %237, %238 : tensor<1x32x4x4xf32>
    %240 = stablehlo.reshape %arg34 : (tensor<32xf32>) -> tensor<32x1xf32>
    %241 = stablehlo.reshape %240 : (tensor<32x1xf32>) -> tensor<32x1x1xf32>
    %242 = stablehlo.broadcast_in_dim %241, dims = [1, 2, 3] : (tensor<32x1x1xf32>) -> tensor<1x32x4x4xf32>
    %243 = stablehlo.multiply %239, %242 : tensor<1x32x4x4xf32>
    %244 = stablehlo.reshape %arg35 : (tensor<32xf32>) -> tensor<32x1xf32>
    %245 = stablehlo.reshape %244 : (tensor<32x1xf32>) -> tensor<32x1x1xf32>
    %246 = stablehlo.broadcast_in_dim %245, dims = [1, 2, 3] : (tensor<32x1x1xf32>) -> tensor<1x32x4x4xf32>
    %247 = stablehlo.add %243, %246 : tensor<1x32x4x4xf32>
    %248 = stablehlo.convolution(%207, %arg36) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x16x8x8xf32>, tensor<32x16x1x1xf32>) -> tensor<1x32x4x4xf32>
    %249 = stablehlo.add %arg99, %209 : tensor<32xf32>
    %250 = stablehlo.rsqrt %249 : tensor<32xf32>
    %251 = stablehlo.reshape %arg98 : (tensor<32xf32>) -> tensor<32x1xf32>
    %252 = stablehlo.reshape %251 : (tensor<32x1xf32>) -> tensor<32x1x1xf32>
    %253 = stablehlo.reshape %250 : (tensor<32xf32>) -> tensor<32x1xf32>
    %254 = stablehlo.reshape %253 : (tensor<32x1xf32>) -> tensor<32x1x1xf32>
    %255 = stablehlo.broadcast_in_dim %252, dims = [1, 2, 3] : (tensor<32x1x1xf32>) -> tensor<1x32x4x4xf32>
    %256 = stablehlo.subtract %248, %255 : tensor<1x32x4x4xf32>
    %257 = stablehlo.broadcast_in_dim %254, dims = [1, 2, 3] : (tensor<32x1x1xf32>) -> tensor<1x32x4x4xf32>
    %258 = stablehlo.multiply %256, %257 : tensor<1x32x4x4xf32>
    %259 = stablehlo.reshape %arg37 : (tensor<32xf32>) -> tensor<32x1xf32>
    %260 = stablehlo.reshape %259 : (tensor<32x1xf32>) -> tensor<32x1x1xf32>
    %261 = stablehlo.broadcast_in_dim %260, dims = [1, 2, 3] : (tensor<32x1x1xf32>) -> tensor<1x32x4x4xf32>
    %262 = stablehlo.multiply %258, %261 : tensor<1x32x4x4xf32>
    %263 = stablehlo.reshape %arg38 : (tensor<32xf32>) -> tensor<32x1xf32>
    %264 = stablehlo.reshape %263 : (tensor<32x1xf32>) -> tensor<32x1x1xf32>
    %265 = stablehlo.broadcast_in_dim %264, dims = [1, 2, 3] : (tensor<32x1x1xf32>) -> tensor<1x32x4x4xf32>
    %266 = stablehlo.add %262, %265 : tensor<1x32x4x4xf32>
    %267 = stablehlo.add %247, %266 : tensor<1x32x4x4xf32>
    %268 = stablehlo.maximum %267, %cst_3 : tensor<1x32x4x4xf32>
    %269 = stablehlo.convolution(%268, %arg39) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x32x4x4xf32>, tensor<32x32x3x3xf32>) -> tensor<1x32x4x4xf32>
    %270 = stablehlo.add %arg102, %209 : tensor<32xf32>
    %271 = stablehlo.rsqrt %270 : tensor<32xf32>
    %272 = stablehlo.reshape %arg101 : (tensor<32xf32>) -> tensor<32x1xf32>
    %273 = stablehlo.reshape %272 : (tensor<32x1xf32>) -> tensor<32x1x1xf32>
    %274 = stablehlo.reshape %271 : (tensor<32xf32>) -> tensor<32x1xf32>
    %275 = stablehlo.reshape %274 : (tensor<32x1xf32>) -> tensor<32x1x1xf32>
    %276 = stablehlo.broadcast_in_dim %273, dims = [1, 2, 3] : (tensor<32x1x1xf32>) -> tensor<1x32x4x4xf32>
    %277 = stablehlo.subtract %269, %276 : tensor<1x32x4x4xf32>
    %278 = stablehlo.broadcast_in_dim %275, dims = [1, 2, 3] : (tensor<32x1x1xf32>) -> tensor<1x32x4x4xf32>
    %279 = stablehlo.multiply %277, %278 : tensor<1x32x4x4xf32>
    %280 = stablehlo.reshape %arg40 : (tensor<32xf32>) -> tensor<32x1xf32>
    %281 = stablehlo.reshape %280 : (tensor<32x1xf32>) -> tensor<32x1x1xf32>
    %282 = stablehlo.broadcast_in_dim %281, dims = [1, 2, 3] : (tensor<32x1x1xf32>) -> tensor<1x32x4x4xf32>
    %283 = stablehlo.multiply %279, %282 : tensor<1x32x4x4xf32>
    %284 = stablehlo.reshape %arg41 : (tensor<32xf32>) -> tensor<32x1xf32>
    %285 = stablehlo.reshape %284 : (tensor<32x1xf32>) -> tensor<32x1x1xf32>
    %286 = stablehlo.broadcast_in_dim %285, dims = [1, 2, 3] : (tensor<32x1x1xf32>) -> tensor<1x32x4x4xf32>
    %287 = stablehlo.add %283, %286 : tensor<1x32x4x4xf32>
    %288 = stablehlo.maximum %287, %cst_3 : tensor<1x32x4x4xf32>
    %289 = stablehlo.convolution(%288, %arg42) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x32x4x4xf32>, tensor<32x32x3x3xf32>) -> tensor<1x32x4x4xf32>
    %290 = stablehlo.add %arg105, %209 : tensor<32xf32>
    %291 = stablehlo.rsqrt %290 : tensor<32xf32>
    %292 = stablehlo.reshape %arg104 : (tensor<32xf32>) -> tensor<32x1xf32>
    %293 = stablehlo.reshape %292 : (tensor<32x1xf32>) -> tensor<32x1x1xf32>
    %294 = stablehlo.reshape %291 : (tensor<32xf32>) -> tensor<32x1xf32>
    %295 = stablehlo.reshape %294 : (tensor<32x1xf32>) -> tensor<32x1x1xf32>
    %296 = stablehlo.broadcast_in_dim %293, dims = [1, 2, 3] : (tensor<32x1x1xf32>) -> tensor<1x32x4x4xf32>
    %297 = stablehlo.subtract %289, %296 : tensor<1x32x4x4xf32>
    %298 = stablehlo.broadcast_in_dim %295, dims = [1, 2, 3] : (tensor<32x1x1xf32>) -> tensor<1x32x4x4xf32>
    %299 = stablehlo.multiply %297, %298 : tensor<1x32x4x4xf32>
    %300 = stablehlo.reshape %arg43 : (tensor<32xf32>) -> tensor<32x1xf32>
    %301 = stablehlo.reshape %300 : (tensor<32x1xf32>) -> tensor<32x1x1xf32>
    %302 = stablehlo.broadcast_in_dim %301, dims = [1, 2, 3] : (tensor<32x1x1xf32>) -> tensor<1x32x4x4xf32>
    %303 = stablehlo.multiply %299, %302 : tensor<1x32x4x4xf32>
    %304 = stablehlo.reshape %arg44 : (tensor<32xf32>) -> tensor<32x1xf32>
    %305 = stablehlo.reshape %304 : (tensor<32x1xf32>) -> tensor<32x1x1xf32>
    %306 = stablehlo.broadcast_in_dim %305, dims = [1, 2, 3] : (tensor<32x1x1xf32>) -> tensor<1x32x4x4xf32>
    %307 = stablehlo.add %303, %306 : tensor<1x32x4x4xf32>
    %308 = stablehlo.add %307, %268 : tensor<1x32x4x4xf32>
    %309 = stablehlo.maximum %308, %cst_3 : tensor<1x32x4x4xf32>
    %310 = stablehlo.convolution(%309, %arg45) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x32x4x4xf32>, tensor<64x32x3x3xf32>) -> tensor<1x64x2x2xf32>
    %311 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %312 = stablehlo.add %arg108, %311 : tensor<64xf32>
    %313 = stablehlo.rsqrt %312 : tensor<64xf32>
    %314 = stablehlo.reshape %arg107 : (tensor<64xf32>) -> tensor<64x1xf32>
    %315 = stablehlo.reshape %314 : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %316 = stablehlo.reshape %313 : (tensor<64xf32>) -> tensor<64x1xf32>
    %317 = stablehlo.reshape %316 : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %318 = stablehlo.broadcast_in_dim %315, dims = [1, 2, 3] : (tensor<64x1x1xf32>) -> tensor<1x64x2x2xf32>
    %319 = stablehlo.subtract %310, %318 : tensor<1x64x2x2xf32>
    %320 = stablehlo.broadcast_in_dim %317, dims = [1, 2, 3] : (tensor<64x1x1xf32>) -> tensor<1x64x2x2xf32>
    %321 = stablehlo.multiply %319, %320 : tensor<1x64x2x2xf32>
    %322 = stablehlo.reshape %arg46 : (tensor<64xf32>) -> tensor<64x1xf32>
    %323 = stablehlo.reshape %322 : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %324 = stablehlo.broadcast_in_dim %323, dims = [1, 2, 3] : (tensor<64x1x1xf32>) -> tensor<1x64x2x2xf32>
    %325 = stablehlo.multiply %321, %324 : tensor<1x64x2x2xf32>
    %326 = stablehlo.reshape %arg47 : (tensor<64xf32>) -> tensor<64x1xf32>
    %327 = stablehlo.reshape %326 : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %328 = stablehlo.broadcast_in_dim %327, dims = [1, 2, 3] : (tensor<64x1x1xf32>) -> tensor<1x64x2x2xf32>
    %329 = stablehlo.add %325, %328 : tensor<1x64x2x2xf32>
    %330 = stablehlo.maximum %329, %cst_4 : tensor<1x64x2x2xf32>
    %331 = stablehlo.convolution(%330, %arg48) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x64x2x2xf32>, tensor<64x64x3x3xf32>) -> tensor<1x64x2x2xf32>
    %332 = stablehlo.add %arg111, %311 : tensor<64xf32>
    %333 = stablehlo.rsqrt %332 : tensor<64xf32>
    %334 = stablehlo.reshape %arg110 : (tensor<64xf32>) -> tensor<64x1xf32>
    %335 = stablehlo.reshape %334 : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %336 = stablehlo.reshape %333 : (tensor<64xf32>) -> tensor<64x1xf32>
    %337 = stablehlo.reshape %336 : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %338 = stablehlo.broadcast_in_dim %335, dims = [1, 2, 3] : (tensor<64x1x1xf32>) -> tensor<1x64x2x2xf32>
    %339 = stablehlo.subtract %331, %338 : tensor<1x64x2x2xf32>
    %340 = stablehlo.broadcast_in_dim %337, dims = [1, 2, 3] : (tensor<64x1x1xf32>) -> tensor<1x64x2x2xf32>
    %341 = stablehlo.multiply %339, %340 : tensor<1x64x2x2xf32>
    %342 = stablehlo.reshape %arg49 : (tensor<64xf32>) -> tensor<64x1xf32>
    %343 = stablehlo.reshape %342 : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %344 = stablehlo.broadcast_in_dim %343, dims = [1, 2, 3] : (tensor<64x1x1xf32>) -> tensor<1x64x2x2xf32>
    %345 = stablehlo.multiply %341, %344 : tensor<1x64x2x2xf32>
    %346 = stablehlo.reshape %arg50 : (tensor<64xf32>) -> tensor<64x1xf32>
    %347 = stablehlo.reshape %346 : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %348 = stablehlo.broadcast_in_dim %347, dims = [1, 2, 3] : (tensor<64x1x1xf32>) -> tensor<1x64x2x2xf32>
    %349 = stablehlo.add %345, %348 : tensor<1x64x2x2xf32>
    %350 = stablehlo.convolution(%309, %arg51) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x32x4x4xf32>, tensor<64x32x1x1xf32>) -> tensor<1x64x2x2xf32>
    %351 = stablehlo.add %arg114, %311 : tensor<64xf32>
    %352 = stablehlo.rsqrt %351 : tensor<64xf32>
    %353 = stablehlo.reshape %arg113 : (tensor<64xf32>) -> tensor<64x1xf32>
    %354 = stablehlo.reshape %353 : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %355 = stablehlo.reshape %352 : (tensor<64xf32>) -> tensor<64x1xf32>
    %356 = stablehlo.reshape %355 : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %357 = stablehlo.broadcast_in_dim %354, dims = [1, 2, 3] : (tensor<64x1x1xf32>) -> tensor<1x64x2x2xf32>
    %358 = stablehlo.subtract %350, %357 : tensor<1x64x2x2xf32>
    %359 = stablehlo.broadcast_in_dim %356, dims = [1, 2, 3] : (tensor<64x1x1xf32>) -> tensor<1x64x2x2xf32>
    %360 = stablehlo.multiply %358, %359 : tensor<1x64x2x2xf32>
    %361 = stablehlo.reshape %arg52 : (tensor<64xf32>) -> tensor<64x1xf32>
    %362 = stablehlo.reshape %361 : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %363 = stablehlo.broadcast_in_dim %362, dims = [1, 2, 3] : (tensor<64x1x1xf32>) -> tensor<1x64x2x2xf32>
    %364 = stablehlo.multiply %360, %363 : tensor<1x64x2x2xf32>
    %365 = stablehlo.reshape %arg53 : (tensor<64xf32>) -> tensor<64x1xf32>
    %366 = stablehlo.reshape %365 : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %367 = stablehlo.broadcast_in_dim %366, dims = [1, 2, 3] : (tensor<64x1x1xf32>) -> tensor<1x64x2x2xf32>
    %368 = stablehlo.add %364, %367 : tensor<1x64x2x2xf32>
    %369 = stablehlo.add %349, %368 : tensor<1x64x2x2xf32>
    %370 = stablehlo.maximum %369, %cst_4 : tensor<1x64x2x2xf32>
    %371 = stablehlo.convolution(%370, %arg54) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x64x2x2xf32>, tensor<64x64x3x3xf32>) -> tensor<1x64x2x2xf32>
    %372 = stablehlo.add %arg117, %311 : tensor<64xf32>
    %373 = stablehlo.rsqrt %372 : tensor<64xf32>
    %374 = stablehlo.reshape %arg116 : (tensor<64xf32>) -> tensor<64x1xf32>
    %375 = stablehlo.reshape %374 : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %376 = stablehlo.reshape %373 : (tensor<64xf32>) -> tensor<64x1xf32>
    %377 = stablehlo.reshape %376 : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %378 = stablehlo.broadcast_in_dim %375, dims = [1, 2, 3] : (tensor<64x1x1xf32>) -> tensor<1x64x2x2xf32>
    %379 = stablehlo.subtract %371, %378 : tensor<1x64x2x2xf32>
    %380 = stablehlo.broadcast_in_dim %377, dims = [1, 2, 3] : (tensor<64x1x1xf32>) -> tensor<1x64x2x2xf32>
    %381 = stablehlo.multiply %379, %380 : tensor<1x64x2x2xf32>
    %382 = stablehlo.reshape %arg55 : (tensor<64xf32>) -> tensor<64x1xf32>
    %383 = stablehlo.reshape %382 : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %384 = stablehlo.broadcast_in_dim %383, dims = [1, 2, 3] : (tensor<64x1x1xf32>) -> tensor<1x64x2x2xf32>
    %385 = stablehlo.multiply %381, %384 : tensor<1x64x2x2xf32>
    %386 = stablehlo.reshape %arg56 : (tensor<64xf32>) -> tensor<64x1xf32>
    %387 = stablehlo.reshape %386 : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %388 = stablehlo.broadcast_in_dim %387, dims = [1, 2, 3] : (tensor<64x1x1xf32>) -> tensor<1x64x2x2xf32>
    %389 = stablehlo.add %385, %388 : tensor<1x64x2x2xf32>
    %390 = stablehlo.maximum %389, %cst_4 : tensor<1x64x2x2xf32>
    %391 = stablehlo.convolution(%390, %arg57) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x64x2x2xf32>, tensor<64x64x3x3xf32>) -> tensor<1x64x2x2xf32>
    %392 = stablehlo.add %arg120, %311 : tensor<64xf32>
    %393 = stablehlo.rsqrt %392 : tensor<64xf32>
    %394 = stablehlo.reshape %arg119 : (tensor<64xf32>) -> tensor<64x1xf32>
    %395 = stablehlo.reshape %394 : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %396 = stablehlo.reshape %393 : (tensor<64xf32>) -> tensor<64x1xf32>
    %397 = stablehlo.reshape %396 : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %398 = stablehlo.broadcast_in_dim %395, dims = [1, 2, 3] : (tensor<64x1x1xf32>) -> tensor<1x64x2x2xf32>
    %399 = stablehlo.subtract %391, %398 : tensor<1x64x2x2xf32>
    %400 = stablehlo.broadcast_in_dim %397, dims = [1, 2, 3] : (tensor<64x1x1xf32>) -> tensor<1x64x2x2xf32>
    %401 = stablehlo.multiply %399, %400 : tensor<1x64x2x2xf32>
    %402 = stablehlo.reshape %arg58 : (tensor<64xf32>) -> tensor<64x1xf32>
    %403 = stablehlo.reshape %402 : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %404 = stablehlo.broadcast_in_dim %403, dims = [1, 2, 3] : (tensor<64x1x1xf32>) -> tensor<1x64x2x2xf32>
    %405 = stablehlo.multiply %401, %404 : tensor<1x64x2x2xf32>
    %406 = stablehlo.reshape %arg59 : (tensor<64xf32>) -> tensor<64x1xf32>
    %407 = stablehlo.reshape %406 : (tensor<64x1xf32>) -> tensor<64x1x1xf32>
    %408 = stablehlo.broadcast_in_dim %407, dims = [1, 2, 3] : (tensor<64x1x1xf32>) -> tensor<1x64x2x2xf32>
    %409 = stablehlo.add %405, %408 : tensor<1x64x2x2xf32>
    %410 = stablehlo.add %409, %370 : tensor<1x64x2x2xf32>
    %411 = stablehlo.maximum %410, %cst_4 : tensor<1x64x2x2xf32>
    %412 = stablehlo.reduce(%411 init: %cst_5) applies stablehlo.add across dimensions = [2, 3] : (tensor<1x64x2x2xf32>, tensor<f32>) -> tensor<1x64xf32>
    %413 = stablehlo.reshape %412 : (tensor<1x64xf32>) -> tensor<1x64x1x1xf32>
    %414 = stablehlo.convert %cst_7 : (tensor<1xi64>) -> tensor<1xf32>
    %415 = stablehlo.reshape %414 : (tensor<1xf32>) -> tensor<f32>
    %416 = stablehlo.broadcast_in_dim %415, dims = [] : (tensor<f32>) -> tensor<1x64x1x1xf32>
    %417 = stablehlo.divide %413, %416 : tensor<1x64x1x1xf32>
    %418 = stablehlo.reshape %417 : (tensor<1x64x1x1xf32>) -> tensor<1x64xf32>
    %419 = stablehlo.transpose %arg60, dims = [1, 0] : (tensor<10x64xf32>) -> tensor<64x10xf32>
    %420 = stablehlo.dot_general %418, %419, contracting_dims = [1] x [0] : (tensor<1x64xf32>, tensor<64x10xf32>) -> tensor<1x10xf32>
    %421 = stablehlo.convert %cst_8 : (tensor<1xi64>) -> tensor<1xf32>
    %422 = stablehlo.reshape %421 : (tensor<1xf32>) -> tensor<f32>
    %423 = stablehlo.broadcast_in_dim %422, dims = [] : (tensor<f32>) -> tensor<1x10xf32>
    %424 = stablehlo.multiply %420, %423 : tensor<1x10xf32>
    %425 = stablehlo.broadcast_in_dim %422, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %426 = stablehlo.multiply %arg61, %425 : tensor<10xf32>
    %427 = stablehlo.broadcast_in_dim %426, dims = [1] : (tensor<10xf32>) -> tensor<1x10xf32>
    %428 = stablehlo.add %424, %427 : tensor<1x10xf32>
    return %428 : tensor<1x10xf32>
  }
}
