module @IrToHlo.171 attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<10xf32>, %arg1: tensor<10x128xf32>, %arg2: tensor<128xf32>, %arg3: tensor<128xf32>, %arg4: tensor<128xf32>, %arg5: tensor<128xf32>, %arg6: tensor<128x64x1x1xf32>, %arg7: tensor<64xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64xf32>, %arg10: tensor<64xf32>, %arg11: tensor<64x1x3x3xf32>, %arg12: tensor<64xf32>, %arg13: tensor<64xf32>, %arg14: tensor<64xf32>, %arg15: tensor<64xf32>, %arg16: tensor<64x64x1x1xf32>, %arg17: tensor<64xf32>, %arg18: tensor<64xf32>, %arg19: tensor<64xf32>, %arg20: tensor<64xf32>, %arg21: tensor<64x1x3x3xf32>, %arg22: tensor<64xf32>, %arg23: tensor<64xf32>, %arg24: tensor<64xf32>, %arg25: tensor<64xf32>, %arg26: tensor<64x32x1x1xf32>, %arg27: tensor<32xf32>, %arg28: tensor<32xf32>, %arg29: tensor<32xf32>, %arg30: tensor<32xf32>, %arg31: tensor<32x1x3x3xf32>, %arg32: tensor<32xf32>, %arg33: tensor<32xf32>, %arg34: tensor<32xf32>, %arg35: tensor<32xf32>, %arg36: tensor<32x16x1x1xf32>, %arg37: tensor<16xf32>, %arg38: tensor<16xf32>, %arg39: tensor<16xf32>, %arg40: tensor<16xf32>, %arg41: tensor<16x1x3x3xf32>, %arg42: tensor<16xf32>, %arg43: tensor<16xf32>, %arg44: tensor<16xf32>, %arg45: tensor<16xf32>, %arg46: tensor<16x3x3x3xf32>, %arg47: tensor<1x3x32x32xf32>) -> tensor<1x10xf32> {
    %cst = stablehlo.constant dense<6.250000e-02> : tensor<1x128xf32>
    %cst_0 = stablehlo.constant dense<6.000000e+00> : tensor<1x128x4x4xf32>
    %cst_1 = stablehlo.constant dense<6.000000e+00> : tensor<1x64x4x4xf32>
    %cst_2 = stablehlo.constant dense<6.000000e+00> : tensor<1x64x8x8xf32>
    %cst_3 = stablehlo.constant dense<6.000000e+00> : tensor<1x32x8x8xf32>
    %cst_4 = stablehlo.constant dense<6.000000e+00> : tensor<1x32x16x16xf32>
    %cst_5 = stablehlo.constant dense<6.000000e+00> : tensor<1x16x16x16xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<1x128x4x4xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<1x64x4x4xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<1x64x8x8xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<1x32x8x8xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<1x32x16x16xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<1x16x16x16xf32>
    %0 = stablehlo.convolution(%arg47, %arg46) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x3x32x32xf32>, tensor<16x3x3x3xf32>) -> tensor<1x16x16x16xf32>
    %1 = "stablehlo.batch_norm_inference"(%0, %arg45, %arg44, %arg43, %arg42) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<1x16x16x16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<1x16x16x16xf32>
    %2 = stablehlo.clamp %cst_12, %1, %cst_5 : tensor<1x16x16x16xf32>
    %3 = stablehlo.convolution(%2, %arg41) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 16 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x16x16x16xf32>, tensor<16x1x3x3xf32>) -> tensor<1x16x16x16xf32>
    %4 = "stablehlo.batch_norm_inference"(%3, %arg40, %arg39, %arg38, %arg37) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<1x16x16x16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<1x16x16x16xf32>
    %5 = stablehlo.clamp %cst_12, %4, %cst_5 : tensor<1x16x16x16xf32>
    %6 = stablehlo.convolution(%5, %arg36) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x16x16x16xf32>, tensor<32x16x1x1xf32>) -> tensor<1x32x16x16xf32>
    %7 = "stablehlo.batch_norm_inference"(%6, %arg35, %arg34, %arg33, %arg32) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<1x32x16x16xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>) -> tensor<1x32x16x16xf32>
    %8 = stablehlo.clamp %cst_11, %7, %cst_4 : tensor<1x32x16x16xf32>
    %9 = stablehlo.convolution(%8, %arg31) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 32 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x32x16x16xf32>, tensor<32x1x3x3xf32>) -> tensor<1x32x8x8xf32>
    %10 = "stablehlo.batch_norm_inference"(%9, %arg30, %arg29, %arg28, %arg27) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<1x32x8x8xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>) -> tensor<1x32x8x8xf32>
    %11 = stablehlo.clamp %cst_10, %10, %cst_3 : tensor<1x32x8x8xf32>
    %12 = stablehlo.convolution(%11, %arg26) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x32x8x8xf32>, tensor<64x32x1x1xf32>) -> tensor<1x64x8x8xf32>
    %13 = "stablehlo.batch_norm_inference"(%12, %arg25, %arg24, %arg23, %arg22) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<1x64x8x8xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<1x64x8x8xf32>
    %14 = stablehlo.clamp %cst_9, %13, %cst_2 : tensor<1x64x8x8xf32>
    %15 = stablehlo.convolution(%14, %arg21) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 64 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x64x8x8xf32>, tensor<64x1x3x3xf32>) -> tensor<1x64x8x8xf32>
    %16 = "stablehlo.batch_norm_inference"(%15, %arg20, %arg19, %arg18, %arg17) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<1x64x8x8xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<1x64x8x8xf32>
    %17 = stablehlo.clamp %cst_9, %16, %cst_2 : tensor<1x64x8x8xf32>
    %18 = stablehlo.convolution(%17, %arg16) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x64x8x8xf32>, tensor<64x64x1x1xf32>) -> tensor<1x64x8x8xf32>
    %19 = "stablehlo.batch_norm_inference"(%18, %arg15, %arg14, %arg13, %arg12) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<1x64x8x8xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<1x64x8x8xf32>
    %20 = stablehlo.clamp %cst_9, %19, %cst_2 : tensor<1x64x8x8xf32>
    %21 = stablehlo.convolution(%20, %arg11) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 64 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x64x8x8xf32>, tensor<64x1x3x3xf32>) -> tensor<1x64x4x4xf32>
    %22 = "stablehlo.batch_norm_inference"(%21, %arg10, %arg9, %arg8, %arg7) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<1x64x4x4xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<1x64x4x4xf32>
    %23 = stablehlo.clamp %cst_8, %22, %cst_1 : tensor<1x64x4x4xf32>
    %24 = stablehlo.convolution(%23, %arg6) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x64x4x4xf32>, tensor<128x64x1x1xf32>) -> tensor<1x128x4x4xf32>
    %25 = "stablehlo.batch_norm_inference"(%24, %arg5, %arg4, %arg3, %arg2) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<1x128x4x4xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>) -> tensor<1x128x4x4xf32>
    %26 = stablehlo.clamp %cst_7, %25, %cst_0 : tensor<1x128x4x4xf32>
    %27 = stablehlo.reduce(%26 init: %cst_6) applies stablehlo.add across dimensions = [2, 3] : (tensor<1x128x4x4xf32>, tensor<f32>) -> tensor<1x128xf32>
    %28 = stablehlo.multiply %27, %cst : tensor<1x128xf32>
    %29 = stablehlo.transpose %arg1, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[128,10]{0,1}"} : (tensor<10x128xf32>) -> tensor<128x10xf32>
    %30 = stablehlo.dot_general %28, %29, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x128xf32>, tensor<128x10xf32>) -> tensor<1x10xf32>
    %31 = stablehlo.reshape %arg0 : (tensor<10xf32>) -> tensor<1x10xf32>
    %32 = stablehlo.add %30, %31 : tensor<1x10xf32>
    return %32 : tensor<1x10xf32>
  }
}
