module {
  func.func @__inference_f_3977(%arg0: tensor<1x32x32x3xf32>, %arg1: tensor<3x3x3x16xf32>, %arg2: tensor<16xf32>, %arg3: tensor<16xf32>, %arg4: tensor<3x3x16x1xf32>, %arg5: tensor<16xf32>, %arg6: tensor<16xf32>, %arg7: tensor<1x1x16x8xf32>, %arg8: tensor<8xf32>, %arg9: tensor<8xf32>, %arg10: tensor<1x1x8x48xf32>, %arg11: tensor<48xf32>, %arg12: tensor<48xf32>, %arg13: tensor<3x3x48x1xf32>, %arg14: tensor<48xf32>, %arg15: tensor<48xf32>, %arg16: tensor<1x1x48x8xf32>, %arg17: tensor<8xf32>, %arg18: tensor<8xf32>, %arg19: tensor<1x1x8x48xf32>, %arg20: tensor<48xf32>, %arg21: tensor<48xf32>, %arg22: tensor<3x3x48x1xf32>, %arg23: tensor<48xf32>, %arg24: tensor<48xf32>, %arg25: tensor<1x1x48x8xf32>, %arg26: tensor<8xf32>, %arg27: tensor<8xf32>, %arg28: tensor<1x1x8x48xf32>, %arg29: tensor<48xf32>, %arg30: tensor<48xf32>, %arg31: tensor<3x3x48x1xf32>, %arg32: tensor<48xf32>, %arg33: tensor<48xf32>, %arg34: tensor<1x1x48x16xf32>, %arg35: tensor<16xf32>, %arg36: tensor<16xf32>, %arg37: tensor<1x1x16x96xf32>, %arg38: tensor<96xf32>, %arg39: tensor<96xf32>, %arg40: tensor<3x3x96x1xf32>, %arg41: tensor<96xf32>, %arg42: tensor<96xf32>, %arg43: tensor<1x1x96x16xf32>, %arg44: tensor<16xf32>, %arg45: tensor<16xf32>, %arg46: tensor<1x1x16x96xf32>, %arg47: tensor<96xf32>, %arg48: tensor<96xf32>, %arg49: tensor<3x3x96x1xf32>, %arg50: tensor<96xf32>, %arg51: tensor<96xf32>, %arg52: tensor<1x1x96x16xf32>, %arg53: tensor<16xf32>, %arg54: tensor<16xf32>, %arg55: tensor<1x1x16x96xf32>, %arg56: tensor<96xf32>, %arg57: tensor<96xf32>, %arg58: tensor<3x3x96x1xf32>, %arg59: tensor<96xf32>, %arg60: tensor<96xf32>, %arg61: tensor<1x1x96x24xf32>, %arg62: tensor<24xf32>, %arg63: tensor<24xf32>, %arg64: tensor<1x1x24x144xf32>, %arg65: tensor<144xf32>, %arg66: tensor<144xf32>, %arg67: tensor<3x3x144x1xf32>, %arg68: tensor<144xf32>, %arg69: tensor<144xf32>, %arg70: tensor<1x1x144x24xf32>, %arg71: tensor<24xf32>, %arg72: tensor<24xf32>, %arg73: tensor<1x1x24x144xf32>, %arg74: tensor<144xf32>, %arg75: tensor<144xf32>, %arg76: tensor<3x3x144x1xf32>, %arg77: tensor<144xf32>, %arg78: tensor<144xf32>, %arg79: tensor<1x1x144x24xf32>, %arg80: tensor<24xf32>, %arg81: tensor<24xf32>, %arg82: tensor<1x1x24x144xf32>, %arg83: tensor<144xf32>, %arg84: tensor<144xf32>, %arg85: tensor<3x3x144x1xf32>, %arg86: tensor<144xf32>, %arg87: tensor<144xf32>, %arg88: tensor<1x1x144x24xf32>, %arg89: tensor<24xf32>, %arg90: tensor<24xf32>, %arg91: tensor<1x1x24x144xf32>, %arg92: tensor<144xf32>, %arg93: tensor<144xf32>, %arg94: tensor<3x3x144x1xf32>, %arg95: tensor<144xf32>, %arg96: tensor<144xf32>, %arg97: tensor<1x1x144x32xf32>, %arg98: tensor<32xf32>, %arg99: tensor<32xf32>, %arg100: tensor<1x1x32x192xf32>, %arg101: tensor<192xf32>, %arg102: tensor<192xf32>, %arg103: tensor<3x3x192x1xf32>, %arg104: tensor<192xf32>, %arg105: tensor<192xf32>, %arg106: tensor<1x1x192x32xf32>, %arg107: tensor<32xf32>, %arg108: tensor<32xf32>, %arg109: tensor<1x1x32x192xf32>, %arg110: tensor<192xf32>, %arg111: tensor<192xf32>, %arg112: tensor<3x3x192x1xf32>, %arg113: tensor<192xf32>, %arg114: tensor<192xf32>, %arg115: tensor<1x1x192x32xf32>, %arg116: tensor<32xf32>, %arg117: tensor<32xf32>, %arg118: tensor<1x1x32x192xf32>, %arg119: tensor<192xf32>, %arg120: tensor<192xf32>, %arg121: tensor<3x3x192x1xf32>, %arg122: tensor<192xf32>, %arg123: tensor<192xf32>, %arg124: tensor<1x1x192x56xf32>, %arg125: tensor<56xf32>, %arg126: tensor<56xf32>, %arg127: tensor<1x1x56x336xf32>, %arg128: tensor<336xf32>, %arg129: tensor<336xf32>, %arg130: tensor<3x3x336x1xf32>, %arg131: tensor<336xf32>, %arg132: tensor<336xf32>, %arg133: tensor<1x1x336x56xf32>, %arg134: tensor<56xf32>, %arg135: tensor<56xf32>, %arg136: tensor<1x1x56x336xf32>, %arg137: tensor<336xf32>, %arg138: tensor<336xf32>, %arg139: tensor<3x3x336x1xf32>, %arg140: tensor<336xf32>, %arg141: tensor<336xf32>, %arg142: tensor<1x1x336x56xf32>, %arg143: tensor<56xf32>, %arg144: tensor<56xf32>, %arg145: tensor<1x1x56x336xf32>, %arg146: tensor<336xf32>, %arg147: tensor<336xf32>, %arg148: tensor<3x3x336x1xf32>, %arg149: tensor<336xf32>, %arg150: tensor<336xf32>, %arg151: tensor<1x1x336x112xf32>, %arg152: tensor<112xf32>, %arg153: tensor<112xf32>, %arg154: tensor<1x1x112x1280xf32>, %arg155: tensor<1280xf32>, %arg156: tensor<1280xf32>, %arg157: tensor<1280x10xf32>, %arg158: tensor<10xf32>, %arg159: tensor<16xf32>, %arg160: tensor<16xf32>, %arg161: tensor<16xf32>, %arg162: tensor<16xf32>, %arg163: tensor<8xf32>, %arg164: tensor<8xf32>, %arg165: tensor<48xf32>, %arg166: tensor<48xf32>, %arg167: tensor<48xf32>, %arg168: tensor<48xf32>, %arg169: tensor<8xf32>, %arg170: tensor<8xf32>, %arg171: tensor<48xf32>, %arg172: tensor<48xf32>, %arg173: tensor<48xf32>, %arg174: tensor<48xf32>, %arg175: tensor<8xf32>, %arg176: tensor<8xf32>, %arg177: tensor<48xf32>, %arg178: tensor<48xf32>, %arg179: tensor<48xf32>, %arg180: tensor<48xf32>, %arg181: tensor<16xf32>, %arg182: tensor<16xf32>, %arg183: tensor<96xf32>, %arg184: tensor<96xf32>, %arg185: tensor<96xf32>, %arg186: tensor<96xf32>, %arg187: tensor<16xf32>, %arg188: tensor<16xf32>, %arg189: tensor<96xf32>, %arg190: tensor<96xf32>, %arg191: tensor<96xf32>, %arg192: tensor<96xf32>, %arg193: tensor<16xf32>, %arg194: tensor<16xf32>, %arg195: tensor<96xf32>, %arg196: tensor<96xf32>, %arg197: tensor<96xf32>, %arg198: tensor<96xf32>, %arg199: tensor<24xf32>, %arg200: tensor<24xf32>, %arg201: tensor<144xf32>, %arg202: tensor<144xf32>, %arg203: tensor<144xf32>, %arg204: tensor<144xf32>, %arg205: tensor<24xf32>, %arg206: tensor<24xf32>, %arg207: tensor<144xf32>, %arg208: tensor<144xf32>, %arg209: tensor<144xf32>, %arg210: tensor<144xf32>, %arg211: tensor<24xf32>, %arg212: tensor<24xf32>, %arg213: tensor<144xf32>, %arg214: tensor<144xf32>, %arg215: tensor<144xf32>, %arg216: tensor<144xf32>, %arg217: tensor<24xf32>, %arg218: tensor<24xf32>, %arg219: tensor<144xf32>, %arg220: tensor<144xf32>, %arg221: tensor<144xf32>, %arg222: tensor<144xf32>, %arg223: tensor<32xf32>, %arg224: tensor<32xf32>, %arg225: tensor<192xf32>, %arg226: tensor<192xf32>, %arg227: tensor<192xf32>, %arg228: tensor<192xf32>, %arg229: tensor<32xf32>, %arg230: tensor<32xf32>, %arg231: tensor<192xf32>, %arg232: tensor<192xf32>, %arg233: tensor<192xf32>, %arg234: tensor<192xf32>, %arg235: tensor<32xf32>, %arg236: tensor<32xf32>, %arg237: tensor<192xf32>, %arg238: tensor<192xf32>, %arg239: tensor<192xf32>, %arg240: tensor<192xf32>, %arg241: tensor<56xf32>, %arg242: tensor<56xf32>, %arg243: tensor<336xf32>, %arg244: tensor<336xf32>, %arg245: tensor<336xf32>, %arg246: tensor<336xf32>, %arg247: tensor<56xf32>, %arg248: tensor<56xf32>, %arg249: tensor<336xf32>, %arg250: tensor<336xf32>, %arg251: tensor<336xf32>, %arg252: tensor<336xf32>, %arg253: tensor<56xf32>, %arg254: tensor<56xf32>, %arg255: tensor<336xf32>, %arg256: tensor<336xf32>, %arg257: tensor<336xf32>, %arg258: tensor<336xf32>, %arg259: tensor<112xf32>, %arg260: tensor<112xf32>, %arg261: tensor<1280xf32>, %arg262: tensor<1280xf32>) -> tensor<1x10xf32> attributes {allow_soft_placement = false} {
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<1x1280xf32>
    %cst_0 = stablehlo.constant dense<1.000000e-03> : tensor<1280xf32>
    %cst_1 = stablehlo.constant dense<1.000000e-03> : tensor<112xf32>
    %cst_2 = stablehlo.constant dense<1.000000e-03> : tensor<336xf32>
    %cst_3 = stablehlo.constant dense<1.000000e-03> : tensor<56xf32>
    %cst_4 = stablehlo.constant dense<1.000000e-03> : tensor<192xf32>
    %cst_5 = stablehlo.constant dense<1.000000e-03> : tensor<32xf32>
    %cst_6 = stablehlo.constant dense<1.000000e-03> : tensor<144xf32>
    %cst_7 = stablehlo.constant dense<1.000000e-03> : tensor<24xf32>
    %cst_8 = stablehlo.constant dense<1.000000e-03> : tensor<96xf32>
    %cst_9 = stablehlo.constant dense<1.000000e-03> : tensor<48xf32>
    %cst_10 = stablehlo.constant dense<1.000000e-03> : tensor<8xf32>
    %cst_11 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %cst_12 = stablehlo.constant dense<-0.000000e+00> : tensor<f32>
    %cst_13 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_15 = stablehlo.constant dense<1.000000e-03> : tensor<16xf32>
    %0 = stablehlo.add %arg160, %cst_15 : tensor<16xf32>
    %1 = stablehlo.rsqrt %0 : tensor<16xf32>
    %2 = stablehlo.multiply %1, %arg2 : tensor<16xf32>
    %3 = stablehlo.multiply %arg159, %2 : tensor<16xf32>
    %4 = stablehlo.add %arg162, %cst_15 : tensor<16xf32>
    %5 = stablehlo.rsqrt %4 : tensor<16xf32>
    %6 = stablehlo.add %arg164, %cst_10 : tensor<8xf32>
    %7 = stablehlo.rsqrt %6 : tensor<8xf32>
    %8 = stablehlo.add %arg166, %cst_9 : tensor<48xf32>
    %9 = stablehlo.rsqrt %8 : tensor<48xf32>
    %10 = stablehlo.multiply %9, %arg11 : tensor<48xf32>
    %11 = stablehlo.multiply %arg165, %10 : tensor<48xf32>
    %12 = stablehlo.subtract %arg12, %11 : tensor<48xf32>
    %13 = stablehlo.add %arg168, %cst_9 : tensor<48xf32>
    %14 = stablehlo.rsqrt %13 : tensor<48xf32>
    %15 = stablehlo.multiply %14, %arg14 : tensor<48xf32>
    %16 = stablehlo.multiply %arg167, %15 : tensor<48xf32>
    %17 = stablehlo.subtract %arg15, %16 : tensor<48xf32>
    %18 = stablehlo.add %arg170, %cst_10 : tensor<8xf32>
    %19 = stablehlo.rsqrt %18 : tensor<8xf32>
    %20 = stablehlo.multiply %19, %arg17 : tensor<8xf32>
    %21 = stablehlo.multiply %arg169, %20 : tensor<8xf32>
    %22 = stablehlo.subtract %arg18, %21 : tensor<8xf32>
    %23 = stablehlo.add %arg172, %cst_9 : tensor<48xf32>
    %24 = stablehlo.rsqrt %23 : tensor<48xf32>
    %25 = stablehlo.add %arg174, %cst_9 : tensor<48xf32>
    %26 = stablehlo.rsqrt %25 : tensor<48xf32>
    %27 = stablehlo.add %arg176, %cst_10 : tensor<8xf32>
    %28 = stablehlo.rsqrt %27 : tensor<8xf32>
    %29 = stablehlo.add %arg178, %cst_9 : tensor<48xf32>
    %30 = stablehlo.rsqrt %29 : tensor<48xf32>
    %31 = stablehlo.add %arg180, %cst_9 : tensor<48xf32>
    %32 = stablehlo.rsqrt %31 : tensor<48xf32>
    %33 = stablehlo.add %arg182, %cst_15 : tensor<16xf32>
    %34 = stablehlo.rsqrt %33 : tensor<16xf32>
    %35 = stablehlo.add %arg184, %cst_8 : tensor<96xf32>
    %36 = stablehlo.rsqrt %35 : tensor<96xf32>
    %37 = stablehlo.add %arg186, %cst_8 : tensor<96xf32>
    %38 = stablehlo.rsqrt %37 : tensor<96xf32>
    %39 = stablehlo.add %arg188, %cst_15 : tensor<16xf32>
    %40 = stablehlo.rsqrt %39 : tensor<16xf32>
    %41 = stablehlo.add %arg190, %cst_8 : tensor<96xf32>
    %42 = stablehlo.rsqrt %41 : tensor<96xf32>
    %43 = stablehlo.multiply %24, %arg20 : tensor<48xf32>
    %44 = stablehlo.multiply %arg171, %43 : tensor<48xf32>
    %45 = stablehlo.add %arg192, %cst_8 : tensor<96xf32>
    %46 = stablehlo.rsqrt %45 : tensor<96xf32>
    %47 = stablehlo.add %arg194, %cst_15 : tensor<16xf32>
    %48 = stablehlo.rsqrt %47 : tensor<16xf32>
    %49 = stablehlo.add %arg196, %cst_8 : tensor<96xf32>
    %50 = stablehlo.rsqrt %49 : tensor<96xf32>
    %51 = stablehlo.add %arg198, %cst_8 : tensor<96xf32>
    %52 = stablehlo.rsqrt %51 : tensor<96xf32>
    %53 = stablehlo.add %arg200, %cst_7 : tensor<24xf32>
    %54 = stablehlo.rsqrt %53 : tensor<24xf32>
    %55 = stablehlo.subtract %arg3, %3 : tensor<16xf32>
    %56 = stablehlo.subtract %arg21, %44 : tensor<48xf32>
    %57 = stablehlo.add %arg202, %cst_6 : tensor<144xf32>
    %58 = stablehlo.rsqrt %57 : tensor<144xf32>
    %59 = stablehlo.add %arg204, %cst_6 : tensor<144xf32>
    %60 = stablehlo.rsqrt %59 : tensor<144xf32>
    %61 = stablehlo.add %arg206, %cst_7 : tensor<24xf32>
    %62 = stablehlo.rsqrt %61 : tensor<24xf32>
    %63 = stablehlo.add %arg208, %cst_6 : tensor<144xf32>
    %64 = stablehlo.rsqrt %63 : tensor<144xf32>
    %65 = stablehlo.add %arg210, %cst_6 : tensor<144xf32>
    %66 = stablehlo.rsqrt %65 : tensor<144xf32>
    %67 = stablehlo.add %arg212, %cst_7 : tensor<24xf32>
    %68 = stablehlo.rsqrt %67 : tensor<24xf32>
    %69 = stablehlo.add %arg214, %cst_6 : tensor<144xf32>
    %70 = stablehlo.rsqrt %69 : tensor<144xf32>
    %71 = stablehlo.add %arg216, %cst_6 : tensor<144xf32>
    %72 = stablehlo.rsqrt %71 : tensor<144xf32>
    %73 = stablehlo.add %arg218, %cst_7 : tensor<24xf32>
    %74 = stablehlo.rsqrt %73 : tensor<24xf32>
    %75 = stablehlo.add %arg220, %cst_6 : tensor<144xf32>
    %76 = stablehlo.rsqrt %75 : tensor<144xf32>
    %77 = stablehlo.multiply %26, %arg23 : tensor<48xf32>
    %78 = stablehlo.multiply %arg173, %77 : tensor<48xf32>
    %79 = stablehlo.add %arg222, %cst_6 : tensor<144xf32>
    %80 = stablehlo.rsqrt %79 : tensor<144xf32>
    %81 = stablehlo.add %arg224, %cst_5 : tensor<32xf32>
    %82 = stablehlo.rsqrt %81 : tensor<32xf32>
    %83 = stablehlo.add %arg226, %cst_4 : tensor<192xf32>
    %84 = stablehlo.rsqrt %83 : tensor<192xf32>
    %85 = stablehlo.multiply %84, %arg101 : tensor<192xf32>
    %86 = stablehlo.multiply %arg225, %85 : tensor<192xf32>
    %87 = stablehlo.subtract %arg102, %86 : tensor<192xf32>
    %88 = stablehlo.add %arg228, %cst_4 : tensor<192xf32>
    %89 = stablehlo.rsqrt %88 : tensor<192xf32>
    %90 = stablehlo.multiply %89, %arg104 : tensor<192xf32>
    %91 = stablehlo.multiply %arg227, %90 : tensor<192xf32>
    %92 = stablehlo.subtract %arg105, %91 : tensor<192xf32>
    %93 = stablehlo.add %arg230, %cst_5 : tensor<32xf32>
    %94 = stablehlo.rsqrt %93 : tensor<32xf32>
    %95 = stablehlo.multiply %94, %arg107 : tensor<32xf32>
    %96 = stablehlo.multiply %arg229, %95 : tensor<32xf32>
    %97 = stablehlo.subtract %arg108, %96 : tensor<32xf32>
    %98 = stablehlo.subtract %arg24, %78 : tensor<48xf32>
    %99 = stablehlo.add %arg232, %cst_4 : tensor<192xf32>
    %100 = stablehlo.rsqrt %99 : tensor<192xf32>
    %101 = stablehlo.multiply %100, %arg110 : tensor<192xf32>
    %102 = stablehlo.multiply %arg231, %101 : tensor<192xf32>
    %103 = stablehlo.subtract %arg111, %102 : tensor<192xf32>
    %104 = stablehlo.add %arg234, %cst_4 : tensor<192xf32>
    %105 = stablehlo.rsqrt %104 : tensor<192xf32>
    %106 = stablehlo.multiply %105, %arg113 : tensor<192xf32>
    %107 = stablehlo.multiply %arg233, %106 : tensor<192xf32>
    %108 = stablehlo.subtract %arg114, %107 : tensor<192xf32>
    %109 = stablehlo.add %arg236, %cst_5 : tensor<32xf32>
    %110 = stablehlo.rsqrt %109 : tensor<32xf32>
    %111 = stablehlo.multiply %110, %arg116 : tensor<32xf32>
    %112 = stablehlo.multiply %arg235, %111 : tensor<32xf32>
    %113 = stablehlo.subtract %arg117, %112 : tensor<32xf32>
    %114 = stablehlo.add %arg238, %cst_4 : tensor<192xf32>
    %115 = stablehlo.rsqrt %114 : tensor<192xf32>
    %116 = stablehlo.multiply %115, %arg119 : tensor<192xf32>
    %117 = stablehlo.multiply %arg237, %116 : tensor<192xf32>
    %118 = stablehlo.subtract %arg120, %117 : tensor<192xf32>
    %119 = stablehlo.add %arg240, %cst_4 : tensor<192xf32>
    %120 = stablehlo.rsqrt %119 : tensor<192xf32>
    %121 = stablehlo.multiply %120, %arg122 : tensor<192xf32>
    %122 = stablehlo.multiply %arg239, %121 : tensor<192xf32>
    %123 = stablehlo.subtract %arg123, %122 : tensor<192xf32>
    %124 = stablehlo.add %arg242, %cst_3 : tensor<56xf32>
    %125 = stablehlo.rsqrt %124 : tensor<56xf32>
    %126 = stablehlo.multiply %125, %arg125 : tensor<56xf32>
    %127 = stablehlo.multiply %arg241, %126 : tensor<56xf32>
    %128 = stablehlo.subtract %arg126, %127 : tensor<56xf32>
    %129 = stablehlo.add %arg244, %cst_2 : tensor<336xf32>
    %130 = stablehlo.rsqrt %129 : tensor<336xf32>
    %131 = stablehlo.multiply %130, %arg128 : tensor<336xf32>
    %132 = stablehlo.multiply %arg243, %131 : tensor<336xf32>
    %133 = stablehlo.subtract %arg129, %132 : tensor<336xf32>
    %134 = stablehlo.add %arg246, %cst_2 : tensor<336xf32>
    %135 = stablehlo.rsqrt %134 : tensor<336xf32>
    %136 = stablehlo.multiply %135, %arg131 : tensor<336xf32>
    %137 = stablehlo.multiply %arg245, %136 : tensor<336xf32>
    %138 = stablehlo.subtract %arg132, %137 : tensor<336xf32>
    %139 = stablehlo.add %arg248, %cst_3 : tensor<56xf32>
    %140 = stablehlo.rsqrt %139 : tensor<56xf32>
    %141 = stablehlo.multiply %140, %arg134 : tensor<56xf32>
    %142 = stablehlo.multiply %arg247, %141 : tensor<56xf32>
    %143 = stablehlo.subtract %arg135, %142 : tensor<56xf32>
    %144 = stablehlo.add %arg250, %cst_2 : tensor<336xf32>
    %145 = stablehlo.rsqrt %144 : tensor<336xf32>
    %146 = stablehlo.multiply %145, %arg137 : tensor<336xf32>
    %147 = stablehlo.multiply %arg249, %146 : tensor<336xf32>
    %148 = stablehlo.subtract %arg138, %147 : tensor<336xf32>
    %149 = stablehlo.multiply %28, %arg26 : tensor<8xf32>
    %150 = stablehlo.multiply %arg175, %149 : tensor<8xf32>
    %151 = stablehlo.add %arg252, %cst_2 : tensor<336xf32>
    %152 = stablehlo.rsqrt %151 : tensor<336xf32>
    %153 = stablehlo.multiply %152, %arg140 : tensor<336xf32>
    %154 = stablehlo.multiply %arg251, %153 : tensor<336xf32>
    %155 = stablehlo.subtract %arg141, %154 : tensor<336xf32>
    %156 = stablehlo.add %arg254, %cst_3 : tensor<56xf32>
    %157 = stablehlo.rsqrt %156 : tensor<56xf32>
    %158 = stablehlo.multiply %157, %arg143 : tensor<56xf32>
    %159 = stablehlo.multiply %arg253, %158 : tensor<56xf32>
    %160 = stablehlo.subtract %arg144, %159 : tensor<56xf32>
    %161 = stablehlo.add %arg256, %cst_2 : tensor<336xf32>
    %162 = stablehlo.rsqrt %161 : tensor<336xf32>
    %163 = stablehlo.multiply %162, %arg146 : tensor<336xf32>
    %164 = stablehlo.multiply %arg255, %163 : tensor<336xf32>
    %165 = stablehlo.subtract %arg147, %164 : tensor<336xf32>
    %166 = stablehlo.add %arg258, %cst_2 : tensor<336xf32>
    %167 = stablehlo.rsqrt %166 : tensor<336xf32>
    %168 = stablehlo.multiply %167, %arg149 : tensor<336xf32>
    %169 = stablehlo.multiply %arg257, %168 : tensor<336xf32>
    %170 = stablehlo.subtract %arg150, %169 : tensor<336xf32>
    %171 = stablehlo.add %arg260, %cst_1 : tensor<112xf32>
    %172 = stablehlo.rsqrt %171 : tensor<112xf32>
    %173 = stablehlo.multiply %172, %arg152 : tensor<112xf32>
    %174 = stablehlo.multiply %arg259, %173 : tensor<112xf32>
    %175 = stablehlo.subtract %arg153, %174 : tensor<112xf32>
    %176 = stablehlo.subtract %arg27, %150 : tensor<8xf32>
    %177 = stablehlo.add %arg262, %cst_0 : tensor<1280xf32>
    %178 = stablehlo.rsqrt %177 : tensor<1280xf32>
    %179 = stablehlo.multiply %178, %arg155 : tensor<1280xf32>
    %180 = stablehlo.multiply %arg261, %179 : tensor<1280xf32>
    %181 = stablehlo.subtract %arg156, %180 : tensor<1280xf32>
    %182 = stablehlo.multiply %30, %arg29 : tensor<48xf32>
    %183 = stablehlo.multiply %arg177, %182 : tensor<48xf32>
    %184 = stablehlo.subtract %arg30, %183 : tensor<48xf32>
    %185 = stablehlo.multiply %32, %arg32 : tensor<48xf32>
    %186 = stablehlo.multiply %arg179, %185 : tensor<48xf32>
    %187 = stablehlo.subtract %arg33, %186 : tensor<48xf32>
    %188 = stablehlo.multiply %34, %arg35 : tensor<16xf32>
    %189 = stablehlo.multiply %arg181, %188 : tensor<16xf32>
    %190 = stablehlo.subtract %arg36, %189 : tensor<16xf32>
    %191 = stablehlo.multiply %36, %arg38 : tensor<96xf32>
    %192 = stablehlo.multiply %arg183, %191 : tensor<96xf32>
    %193 = stablehlo.subtract %arg39, %192 : tensor<96xf32>
    %194 = stablehlo.multiply %5, %arg5 : tensor<16xf32>
    %195 = stablehlo.multiply %arg161, %194 : tensor<16xf32>
    %196 = stablehlo.multiply %38, %arg41 : tensor<96xf32>
    %197 = stablehlo.multiply %arg185, %196 : tensor<96xf32>
    %198 = stablehlo.subtract %arg42, %197 : tensor<96xf32>
    %199 = stablehlo.multiply %40, %arg44 : tensor<16xf32>
    %200 = stablehlo.multiply %arg187, %199 : tensor<16xf32>
    %201 = stablehlo.subtract %arg45, %200 : tensor<16xf32>
    %202 = stablehlo.multiply %42, %arg47 : tensor<96xf32>
    %203 = stablehlo.multiply %arg189, %202 : tensor<96xf32>
    %204 = stablehlo.subtract %arg48, %203 : tensor<96xf32>
    %205 = stablehlo.multiply %46, %arg50 : tensor<96xf32>
    %206 = stablehlo.multiply %arg191, %205 : tensor<96xf32>
    %207 = stablehlo.subtract %arg6, %195 : tensor<16xf32>
    %208 = stablehlo.subtract %arg51, %206 : tensor<96xf32>
    %209 = stablehlo.multiply %48, %arg53 : tensor<16xf32>
    %210 = stablehlo.multiply %arg193, %209 : tensor<16xf32>
    %211 = stablehlo.subtract %arg54, %210 : tensor<16xf32>
    %212 = stablehlo.multiply %50, %arg56 : tensor<96xf32>
    %213 = stablehlo.multiply %arg195, %212 : tensor<96xf32>
    %214 = stablehlo.subtract %arg57, %213 : tensor<96xf32>
    %215 = stablehlo.multiply %52, %arg59 : tensor<96xf32>
    %216 = stablehlo.multiply %arg197, %215 : tensor<96xf32>
    %217 = stablehlo.subtract %arg60, %216 : tensor<96xf32>
    %218 = stablehlo.multiply %54, %arg62 : tensor<24xf32>
    %219 = stablehlo.multiply %arg199, %218 : tensor<24xf32>
    %220 = stablehlo.subtract %arg63, %219 : tensor<24xf32>
    %221 = stablehlo.multiply %58, %arg65 : tensor<144xf32>
    %222 = stablehlo.multiply %arg201, %221 : tensor<144xf32>
    %223 = stablehlo.subtract %arg66, %222 : tensor<144xf32>
    %224 = stablehlo.multiply %60, %arg68 : tensor<144xf32>
    %225 = stablehlo.multiply %arg203, %224 : tensor<144xf32>
    %226 = stablehlo.subtract %arg69, %225 : tensor<144xf32>
    %227 = stablehlo.multiply %7, %arg8 : tensor<8xf32>
    %228 = stablehlo.multiply %arg163, %227 : tensor<8xf32>
    %229 = stablehlo.multiply %62, %arg71 : tensor<24xf32>
    %230 = stablehlo.multiply %arg205, %229 : tensor<24xf32>
    %231 = stablehlo.subtract %arg72, %230 : tensor<24xf32>
    %232 = stablehlo.multiply %64, %arg74 : tensor<144xf32>
    %233 = stablehlo.multiply %arg207, %232 : tensor<144xf32>
    %234 = stablehlo.subtract %arg75, %233 : tensor<144xf32>
    %235 = stablehlo.multiply %66, %arg77 : tensor<144xf32>
    %236 = stablehlo.multiply %arg209, %235 : tensor<144xf32>
    %237 = stablehlo.subtract %arg78, %236 : tensor<144xf32>
    %238 = stablehlo.multiply %68, %arg80 : tensor<24xf32>
    %239 = stablehlo.multiply %arg211, %238 : tensor<24xf32>
    %240 = stablehlo.subtract %arg9, %228 : tensor<8xf32>
    %241 = stablehlo.subtract %arg81, %239 : tensor<24xf32>
    %242 = stablehlo.multiply %70, %arg83 : tensor<144xf32>
    %243 = stablehlo.multiply %arg213, %242 : tensor<144xf32>
    %244 = stablehlo.subtract %arg84, %243 : tensor<144xf32>
    %245 = stablehlo.multiply %72, %arg86 : tensor<144xf32>
    %246 = stablehlo.multiply %arg215, %245 : tensor<144xf32>
    %247 = stablehlo.subtract %arg87, %246 : tensor<144xf32>
    %248 = stablehlo.multiply %74, %arg89 : tensor<24xf32>
    %249 = stablehlo.multiply %arg217, %248 : tensor<24xf32>
    %250 = stablehlo.subtract %arg90, %249 : tensor<24xf32>
    %251 = stablehlo.multiply %76, %arg92 : tensor<144xf32>
    %252 = stablehlo.multiply %arg219, %251 : tensor<144xf32>
    %253 = stablehlo.subtract %arg93, %252 : tensor<144xf32>
    %254 = stablehlo.multiply %80, %arg95 : tensor<144xf32>
    %255 = stablehlo.multiply %arg221, %254 : tensor<144xf32>
    %256 = stablehlo.subtract %arg96, %255 : tensor<144xf32>
    %257 = stablehlo.multiply %82, %arg98 : tensor<32xf32>
    %258 = stablehlo.multiply %arg223, %257 : tensor<32xf32>
    %259 = stablehlo.subtract %arg99, %258 : tensor<32xf32>
    %260 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 1], [0, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x32x32x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x16x16x16xf32>
    %261 = stablehlo.broadcast_in_dim %2, dims = [3] : (tensor<16xf32>) -> tensor<1x16x16x16xf32>
    %262 = stablehlo.multiply %260, %261 : tensor<1x16x16x16xf32>
    %263 = stablehlo.broadcast_in_dim %55, dims = [3] : (tensor<16xf32>) -> tensor<1x16x16x16xf32>
    %264 = stablehlo.add %262, %263 : tensor<1x16x16x16xf32>
    %265 = stablehlo.clamp %cst_14, %264, %cst_13 : (tensor<f32>, tensor<1x16x16x16xf32>, tensor<f32>) -> tensor<1x16x16x16xf32>
    %266 = stablehlo.reshape %arg4 : (tensor<3x3x16x1xf32>) -> tensor<3x3x1x16xf32>
    %267 = stablehlo.convolution(%265, %266) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 16 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x16x16x16xf32>, tensor<3x3x1x16xf32>) -> tensor<1x16x16x16xf32>
    %268 = stablehlo.broadcast_in_dim %194, dims = [3] : (tensor<16xf32>) -> tensor<1x16x16x16xf32>
    %269 = stablehlo.multiply %267, %268 : tensor<1x16x16x16xf32>
    %270 = stablehlo.broadcast_in_dim %207, dims = [3] : (tensor<16xf32>) -> tensor<1x16x16x16xf32>
    %271 = stablehlo.add %269, %270 : tensor<1x16x16x16xf32>
    %272 = stablehlo.clamp %cst_14, %271, %cst_13 : (tensor<f32>, tensor<1x16x16x16xf32>, tensor<f32>) -> tensor<1x16x16x16xf32>
    %273 = stablehlo.convolution(%272, %arg7) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x16x16x16xf32>, tensor<1x1x16x8xf32>) -> tensor<1x16x16x8xf32>
    %274 = stablehlo.broadcast_in_dim %227, dims = [3] : (tensor<8xf32>) -> tensor<1x16x16x8xf32>
    %275 = stablehlo.multiply %273, %274 : tensor<1x16x16x8xf32>
    %276 = stablehlo.broadcast_in_dim %240, dims = [3] : (tensor<8xf32>) -> tensor<1x16x16x8xf32>
    %277 = stablehlo.add %275, %276 : tensor<1x16x16x8xf32>
    %278 = stablehlo.convolution(%277, %arg10) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x16x16x8xf32>, tensor<1x1x8x48xf32>) -> tensor<1x16x16x48xf32>
    %279 = stablehlo.broadcast_in_dim %10, dims = [3] : (tensor<48xf32>) -> tensor<1x16x16x48xf32>
    %280 = stablehlo.multiply %278, %279 : tensor<1x16x16x48xf32>
    %281 = stablehlo.broadcast_in_dim %12, dims = [3] : (tensor<48xf32>) -> tensor<1x16x16x48xf32>
    %282 = stablehlo.add %280, %281 : tensor<1x16x16x48xf32>
    %283 = stablehlo.clamp %cst_14, %282, %cst_13 : (tensor<f32>, tensor<1x16x16x48xf32>, tensor<f32>) -> tensor<1x16x16x48xf32>
    %284 = stablehlo.pad %283, %cst_14, low = [0, 0, 0, 0], high = [0, 1, 1, 0], interior = [0, 0, 0, 0] : (tensor<1x16x16x48xf32>, tensor<f32>) -> tensor<1x17x17x48xf32>
    %285 = stablehlo.reshape %arg13 : (tensor<3x3x48x1xf32>) -> tensor<3x3x1x48xf32>
    %286 = stablehlo.convolution(%284, %285) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 48 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x17x17x48xf32>, tensor<3x3x1x48xf32>) -> tensor<1x8x8x48xf32>
    %287 = stablehlo.broadcast_in_dim %15, dims = [3] : (tensor<48xf32>) -> tensor<1x8x8x48xf32>
    %288 = stablehlo.multiply %286, %287 : tensor<1x8x8x48xf32>
    %289 = stablehlo.broadcast_in_dim %17, dims = [3] : (tensor<48xf32>) -> tensor<1x8x8x48xf32>
    %290 = stablehlo.add %288, %289 : tensor<1x8x8x48xf32>
    %291 = stablehlo.clamp %cst_14, %290, %cst_13 : (tensor<f32>, tensor<1x8x8x48xf32>, tensor<f32>) -> tensor<1x8x8x48xf32>
    %292 = stablehlo.convolution(%291, %arg16) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x8x8x48xf32>, tensor<1x1x48x8xf32>) -> tensor<1x8x8x8xf32>
    %293 = stablehlo.broadcast_in_dim %20, dims = [3] : (tensor<8xf32>) -> tensor<1x8x8x8xf32>
    %294 = stablehlo.multiply %292, %293 : tensor<1x8x8x8xf32>
    %295 = stablehlo.broadcast_in_dim %22, dims = [3] : (tensor<8xf32>) -> tensor<1x8x8x8xf32>
    %296 = stablehlo.add %294, %295 : tensor<1x8x8x8xf32>
    %297 = stablehlo.convolution(%296, %arg19) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x8x8x8xf32>, tensor<1x1x8x48xf32>) -> tensor<1x8x8x48xf32>
    %298 = stablehlo.broadcast_in_dim %43, dims = [3] : (tensor<48xf32>) -> tensor<1x8x8x48xf32>
    %299 = stablehlo.multiply %297, %298 : tensor<1x8x8x48xf32>
    %300 = stablehlo.broadcast_in_dim %56, dims = [3] : (tensor<48xf32>) -> tensor<1x8x8x48xf32>
    %301 = stablehlo.add %299, %300 : tensor<1x8x8x48xf32>
    %302 = stablehlo.clamp %cst_14, %301, %cst_13 : (tensor<f32>, tensor<1x8x8x48xf32>, tensor<f32>) -> tensor<1x8x8x48xf32>
    %303 = stablehlo.reshape %arg22 : (tensor<3x3x48x1xf32>) -> tensor<3x3x1x48xf32>
    %304 = stablehlo.convolution(%302, %303) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 48 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x8x8x48xf32>, tensor<3x3x1x48xf32>) -> tensor<1x8x8x48xf32>
    %305 = stablehlo.broadcast_in_dim %77, dims = [3] : (tensor<48xf32>) -> tensor<1x8x8x48xf32>
    %306 = stablehlo.multiply %304, %305 : tensor<1x8x8x48xf32>
    %307 = stablehlo.broadcast_in_dim %98, dims = [3] : (tensor<48xf32>) -> tensor<1x8x8x48xf32>
    %308 = stablehlo.add %306, %307 : tensor<1x8x8x48xf32>
    %309 = stablehlo.clamp %cst_14, %308, %cst_13 : (tensor<f32>, tensor<1x8x8x48xf32>, tensor<f32>) -> tensor<1x8x8x48xf32>
    %310 = stablehlo.convolution(%309, %arg25) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x8x8x48xf32>, tensor<1x1x48x8xf32>) -> tensor<1x8x8x8xf32>
    %311 = stablehlo.broadcast_in_dim %149, dims = [3] : (tensor<8xf32>) -> tensor<1x8x8x8xf32>
    %312 = stablehlo.multiply %310, %311 : tensor<1x8x8x8xf32>
    %313 = stablehlo.broadcast_in_dim %176, dims = [3] : (tensor<8xf32>) -> tensor<1x8x8x8xf32>
    %314 = stablehlo.add %312, %313 : tensor<1x8x8x8xf32>
    %315 = stablehlo.add %296, %314 : tensor<1x8x8x8xf32>
    %316 = stablehlo.convolution(%315, %arg28) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x8x8x8xf32>, tensor<1x1x8x48xf32>) -> tensor<1x8x8x48xf32>
    %317 = stablehlo.broadcast_in_dim %182, dims = [3] : (tensor<48xf32>) -> tensor<1x8x8x48xf32>
    %318 = stablehlo.multiply %316, %317 : tensor<1x8x8x48xf32>
    %319 = stablehlo.broadcast_in_dim %184, dims = [3] : (tensor<48xf32>) -> tensor<1x8x8x48xf32>
    %320 = stablehlo.add %318, %319 : tensor<1x8x8x48xf32>
    %321 = stablehlo.clamp %cst_14, %320, %cst_13 : (tensor<f32>, tensor<1x8x8x48xf32>, tensor<f32>) -> tensor<1x8x8x48xf32>
    %322 = stablehlo.pad %321, %cst_14, low = [0, 0, 0, 0], high = [0, 1, 1, 0], interior = [0, 0, 0, 0] : (tensor<1x8x8x48xf32>, tensor<f32>) -> tensor<1x9x9x48xf32>
    %323 = stablehlo.reshape %arg31 : (tensor<3x3x48x1xf32>) -> tensor<3x3x1x48xf32>
    %324 = stablehlo.convolution(%322, %323) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 48 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x9x9x48xf32>, tensor<3x3x1x48xf32>) -> tensor<1x4x4x48xf32>
    %325 = stablehlo.broadcast_in_dim %185, dims = [3] : (tensor<48xf32>) -> tensor<1x4x4x48xf32>
    %326 = stablehlo.multiply %324, %325 : tensor<1x4x4x48xf32>
    %327 = stablehlo.broadcast_in_dim %187, dims = [3] : (tensor<48xf32>) -> tensor<1x4x4x48xf32>
    %328 = stablehlo.add %326, %327 : tensor<1x4x4x48xf32>
    %329 = stablehlo.clamp %cst_14, %328, %cst_13 : (tensor<f32>, tensor<1x4x4x48xf32>, tensor<f32>) -> tensor<1x4x4x48xf32>
    %330 = stablehlo.convolution(%329, %arg34) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x48xf32>, tensor<1x1x48x16xf32>) -> tensor<1x4x4x16xf32>
    %331 = stablehlo.broadcast_in_dim %188, dims = [3] : (tensor<16xf32>) -> tensor<1x4x4x16xf32>
    %332 = stablehlo.multiply %330, %331 : tensor<1x4x4x16xf32>
    %333 = stablehlo.broadcast_in_dim %190, dims = [3] : (tensor<16xf32>) -> tensor<1x4x4x16xf32>
    %334 = stablehlo.add %332, %333 : tensor<1x4x4x16xf32>
    %335 = stablehlo.convolution(%334, %arg37) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x16xf32>, tensor<1x1x16x96xf32>) -> tensor<1x4x4x96xf32>
    %336 = stablehlo.broadcast_in_dim %191, dims = [3] : (tensor<96xf32>) -> tensor<1x4x4x96xf32>
    %337 = stablehlo.multiply %335, %336 : tensor<1x4x4x96xf32>
    %338 = stablehlo.broadcast_in_dim %193, dims = [3] : (tensor<96xf32>) -> tensor<1x4x4x96xf32>
    %339 = stablehlo.add %337, %338 : tensor<1x4x4x96xf32>
    %340 = stablehlo.clamp %cst_14, %339, %cst_13 : (tensor<f32>, tensor<1x4x4x96xf32>, tensor<f32>) -> tensor<1x4x4x96xf32>
    %341 = stablehlo.reshape %arg40 : (tensor<3x3x96x1xf32>) -> tensor<3x3x1x96xf32>
    %342 = stablehlo.convolution(%340, %341) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 96 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x96xf32>, tensor<3x3x1x96xf32>) -> tensor<1x4x4x96xf32>
    %343 = stablehlo.broadcast_in_dim %196, dims = [3] : (tensor<96xf32>) -> tensor<1x4x4x96xf32>
    %344 = stablehlo.multiply %342, %343 : tensor<1x4x4x96xf32>
    %345 = stablehlo.broadcast_in_dim %198, dims = [3] : (tensor<96xf32>) -> tensor<1x4x4x96xf32>
    %346 = stablehlo.add %344, %345 : tensor<1x4x4x96xf32>
    %347 = stablehlo.clamp %cst_14, %346, %cst_13 : (tensor<f32>, tensor<1x4x4x96xf32>, tensor<f32>) -> tensor<1x4x4x96xf32>
    %348 = stablehlo.convolution(%347, %arg43) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x96xf32>, tensor<1x1x96x16xf32>) -> tensor<1x4x4x16xf32>
    %349 = stablehlo.broadcast_in_dim %199, dims = [3] : (tensor<16xf32>) -> tensor<1x4x4x16xf32>
    %350 = stablehlo.multiply %348, %349 : tensor<1x4x4x16xf32>
    %351 = stablehlo.broadcast_in_dim %201, dims = [3] : (tensor<16xf32>) -> tensor<1x4x4x16xf32>
    %352 = stablehlo.add %350, %351 : tensor<1x4x4x16xf32>
    %353 = stablehlo.add %334, %352 : tensor<1x4x4x16xf32>
    %354 = stablehlo.convolution(%353, %arg46) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x16xf32>, tensor<1x1x16x96xf32>) -> tensor<1x4x4x96xf32>
    %355 = stablehlo.broadcast_in_dim %202, dims = [3] : (tensor<96xf32>) -> tensor<1x4x4x96xf32>
    %356 = stablehlo.multiply %354, %355 : tensor<1x4x4x96xf32>
    %357 = stablehlo.broadcast_in_dim %204, dims = [3] : (tensor<96xf32>) -> tensor<1x4x4x96xf32>
    %358 = stablehlo.add %356, %357 : tensor<1x4x4x96xf32>
    %359 = stablehlo.clamp %cst_14, %358, %cst_13 : (tensor<f32>, tensor<1x4x4x96xf32>, tensor<f32>) -> tensor<1x4x4x96xf32>
    %360 = stablehlo.reshape %arg49 : (tensor<3x3x96x1xf32>) -> tensor<3x3x1x96xf32>
    %361 = stablehlo.convolution(%359, %360) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 96 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x96xf32>, tensor<3x3x1x96xf32>) -> tensor<1x4x4x96xf32>
    %362 = stablehlo.broadcast_in_dim %205, dims = [3] : (tensor<96xf32>) -> tensor<1x4x4x96xf32>
    %363 = stablehlo.multiply %361, %362 : tensor<1x4x4x96xf32>
    %364 = stablehlo.broadcast_in_dim %208, dims = [3] : (tensor<96xf32>) -> tensor<1x4x4x96xf32>
    %365 = stablehlo.add %363, %364 : tensor<1x4x4x96xf32>
    %366 = stablehlo.clamp %cst_14, %365, %cst_13 : (tensor<f32>, tensor<1x4x4x96xf32>, tensor<f32>) -> tensor<1x4x4x96xf32>
    %367 = stablehlo.convolution(%366, %arg52) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x96xf32>, tensor<1x1x96x16xf32>) -> tensor<1x4x4x16xf32>
    %368 = stablehlo.broadcast_in_dim %209, dims = [3] : (tensor<16xf32>) -> tensor<1x4x4x16xf32>
    %369 = stablehlo.multiply %367, %368 : tensor<1x4x4x16xf32>
    %370 = stablehlo.broadcast_in_dim %211, dims = [3] : (tensor<16xf32>) -> tensor<1x4x4x16xf32>
    %371 = stablehlo.add %369, %370 : tensor<1x4x4x16xf32>
    %372 = stablehlo.add %353, %371 : tensor<1x4x4x16xf32>
    %373 = stablehlo.convolution(%372, %arg55) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x4x4x16xf32>, tensor<1x1x16x96xf32>) -> tensor<1x4x4x96xf32>
    %374 = stablehlo.broadcast_in_dim %212, dims = [3] : (tensor<96xf32>) -> tensor<1x4x4x96xf32>
    %375 = stablehlo.multiply %373, %374 : tensor<1x4x4x96xf32>
    %376 = stablehlo.broadcast_in_dim %214, dims = [3] : (tensor<96xf32>) -> tensor<1x4x4x96xf32>
    %377 = stablehlo.add %375, %376 : tensor<1x4x4x96xf32>
    %378 = stablehlo.clamp %cst_14, %377, %cst_13 : (tensor<f32>, tensor<1x4x4x96xf32>, tensor<f32>) -> tensor<1x4x4x96xf32>
    %379 = stablehlo.pad %378, %cst_14, low = [0, 0, 0, 0], high = [0, 1, 1, 0], interior = [0, 0, 0, 0] : (tensor<1x4x4x96xf32>, tensor<f32>) -> tensor<1x5x5x96xf32>
    %380 = stablehlo.reshape %arg58 : (tensor<3x3x96x1xf32>) -> tensor<3x3x1x96xf32>
    %381 = stablehlo.convolution(%379, %380) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 96 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x5x5x96xf32>, tensor<3x3x1x96xf32>) -> tensor<1x2x2x96xf32>
    %382 = stablehlo.broadcast_in_dim %215, dims = [3] : (tensor<96xf32>) -> tensor<1x2x2x96xf32>
    %383 = stablehlo.multiply %381, %382 : tensor<1x2x2x96xf32>
    %384 = stablehlo.broadcast_in_dim %217, dims = [3] : (tensor<96xf32>) -> tensor<1x2x2x96xf32>
    %385 = stablehlo.add %383, %384 : tensor<1x2x2x96xf32>
    %386 = stablehlo.clamp %cst_14, %385, %cst_13 : (tensor<f32>, tensor<1x2x2x96xf32>, tensor<f32>) -> tensor<1x2x2x96xf32>
    %387 = stablehlo.convolution(%386, %arg61) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x2x2x96xf32>, tensor<1x1x96x24xf32>) -> tensor<1x2x2x24xf32>
    %388 = stablehlo.broadcast_in_dim %218, dims = [3] : (tensor<24xf32>) -> tensor<1x2x2x24xf32>
    %389 = stablehlo.multiply %387, %388 : tensor<1x2x2x24xf32>
    %390 = stablehlo.broadcast_in_dim %220, dims = [3] : (tensor<24xf32>) -> tensor<1x2x2x24xf32>
    %391 = stablehlo.add %389, %390 : tensor<1x2x2x24xf32>
    %392 = stablehlo.convolution(%391, %arg64) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x2x2x24xf32>, tensor<1x1x24x144xf32>) -> tensor<1x2x2x144xf32>
    %393 = stablehlo.broadcast_in_dim %221, dims = [3] : (tensor<144xf32>) -> tensor<1x2x2x144xf32>
    %394 = stablehlo.multiply %392, %393 : tensor<1x2x2x144xf32>
    %395 = stablehlo.broadcast_in_dim %223, dims = [3] : (tensor<144xf32>) -> tensor<1x2x2x144xf32>
    %396 = stablehlo.add %394, %395 : tensor<1x2x2x144xf32>
    %397 = stablehlo.clamp %cst_14, %396, %cst_13 : (tensor<f32>, tensor<1x2x2x144xf32>, tensor<f32>) -> tensor<1x2x2x144xf32>
    %398 = stablehlo.reshape %arg67 : (tensor<3x3x144x1xf32>) -> tensor<3x3x1x144xf32>
    %399 = stablehlo.convolution(%397, %398) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 144 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x2x2x144xf32>, tensor<3x3x1x144xf32>) -> tensor<1x2x2x144xf32>
    %400 = stablehlo.broadcast_in_dim %224, dims = [3] : (tensor<144xf32>) -> tensor<1x2x2x144xf32>
    %401 = stablehlo.multiply %399, %400 : tensor<1x2x2x144xf32>
    %402 = stablehlo.broadcast_in_dim %226, dims = [3] : (tensor<144xf32>) -> tensor<1x2x2x144xf32>
    %403 = stablehlo.add %401, %402 : tensor<1x2x2x144xf32>
    %404 = stablehlo.clamp %cst_14, %403, %cst_13 : (tensor<f32>, tensor<1x2x2x144xf32>, tensor<f32>) -> tensor<1x2x2x144xf32>
    %405 = stablehlo.convolution(%404, %arg70) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x2x2x144xf32>, tensor<1x1x144x24xf32>) -> tensor<1x2x2x24xf32>
    %406 = stablehlo.broadcast_in_dim %229, dims = [3] : (tensor<24xf32>) -> tensor<1x2x2x24xf32>
    %407 = stablehlo.multiply %405, %406 : tensor<1x2x2x24xf32>
    %408 = stablehlo.broadcast_in_dim %231, dims = [3] : (tensor<24xf32>) -> tensor<1x2x2x24xf32>
    %409 = stablehlo.add %407, %408 : tensor<1x2x2x24xf32>
    %410 = stablehlo.add %391, %409 : tensor<1x2x2x24xf32>
    %411 = stablehlo.convolution(%410, %arg73) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x2x2x24xf32>, tensor<1x1x24x144xf32>) -> tensor<1x2x2x144xf32>
    %412 = stablehlo.broadcast_in_dim %232, dims = [3] : (tensor<144xf32>) -> tensor<1x2x2x144xf32>
    %413 = stablehlo.multiply %411, %412 : tensor<1x2x2x144xf32>
    %414 = stablehlo.broadcast_in_dim %234, dims = [3] : (tensor<144xf32>) -> tensor<1x2x2x144xf32>
    %415 = stablehlo.add %413, %414 : tensor<1x2x2x144xf32>
    %416 = stablehlo.clamp %cst_14, %415, %cst_13 : (tensor<f32>, tensor<1x2x2x144xf32>, tensor<f32>) -> tensor<1x2x2x144xf32>
    %417 = stablehlo.reshape %arg76 : (tensor<3x3x144x1xf32>) -> tensor<3x3x1x144xf32>
    %418 = stablehlo.convolution(%416, %417) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 144 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x2x2x144xf32>, tensor<3x3x1x144xf32>) -> tensor<1x2x2x144xf32>
    %419 = stablehlo.broadcast_in_dim %235, dims = [3] : (tensor<144xf32>) -> tensor<1x2x2x144xf32>
    %420 = stablehlo.multiply %418, %419 : tensor<1x2x2x144xf32>
    %421 = stablehlo.broadcast_in_dim %237, dims = [3] : (tensor<144xf32>) -> tensor<1x2x2x144xf32>
    %422 = stablehlo.add %420, %421 : tensor<1x2x2x144xf32>
    %423 = stablehlo.clamp %cst_14, %422, %cst_13 : (tensor<f32>, tensor<1x2x2x144xf32>, tensor<f32>) -> tensor<1x2x2x144xf32>
    %424 = stablehlo.convolution(%423, %arg79) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x2x2x144xf32>, tensor<1x1x144x24xf32>) -> tensor<1x2x2x24xf32>
    %425 = stablehlo.broadcast_in_dim %238, dims = [3] : (tensor<24xf32>) -> tensor<1x2x2x24xf32>
    %426 = stablehlo.multiply %424, %425 : tensor<1x2x2x24xf32>
    %427 = stablehlo.broadcast_in_dim %241, dims = [3] : (tensor<24xf32>) -> tensor<1x2x2x24xf32>
    %428 = stablehlo.add %426, %427 : tensor<1x2x2x24xf32>
    %429 = stablehlo.add %410, %428 : tensor<1x2x2x24xf32>
    %430 = stablehlo.convolution(%429, %arg82) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x2x2x24xf32>, tensor<1x1x24x144xf32>) -> tensor<1x2x2x144xf32>
    %431 = stablehlo.broadcast_in_dim %242, dims = [3] : (tensor<144xf32>) -> tensor<1x2x2x144xf32>
    %432 = stablehlo.multiply %430, %431 : tensor<1x2x2x144xf32>
    %433 = stablehlo.broadcast_in_dim %244, dims = [3] : (tensor<144xf32>) -> tensor<1x2x2x144xf32>
    %434 = stablehlo.add %432, %433 : tensor<1x2x2x144xf32>
    %435 = stablehlo.clamp %cst_14, %434, %cst_13 : (tensor<f32>, tensor<1x2x2x144xf32>, tensor<f32>) -> tensor<1x2x2x144xf32>
    %436 = stablehlo.reshape %arg85 : (tensor<3x3x144x1xf32>) -> tensor<3x3x1x144xf32>
    %437 = stablehlo.convolution(%435, %436) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 144 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x2x2x144xf32>, tensor<3x3x1x144xf32>) -> tensor<1x2x2x144xf32>
    %438 = stablehlo.broadcast_in_dim %245, dims = [3] : (tensor<144xf32>) -> tensor<1x2x2x144xf32>
    %439 = stablehlo.multiply %437, %438 : tensor<1x2x2x144xf32>
    %440 = stablehlo.broadcast_in_dim %247, dims = [3] : (tensor<144xf32>) -> tensor<1x2x2x144xf32>
    %441 = stablehlo.add %439, %440 : tensor<1x2x2x144xf32>
    %442 = stablehlo.clamp %cst_14, %441, %cst_13 : (tensor<f32>, tensor<1x2x2x144xf32>, tensor<f32>) -> tensor<1x2x2x144xf32>
    %443 = stablehlo.convolution(%442, %arg88) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x2x2x144xf32>, tensor<1x1x144x24xf32>) -> tensor<1x2x2x24xf32>
    %444 = stablehlo.broadcast_in_dim %248, dims = [3] : (tensor<24xf32>) -> tensor<1x2x2x24xf32>
    %445 = stablehlo.multiply %443, %444 : tensor<1x2x2x24xf32>
    %446 = stablehlo.broadcast_in_dim %250, dims = [3] : (tensor<24xf32>) -> tensor<1x2x2x24xf32>
    %447 = stablehlo.add %445, %446 : tensor<1x2x2x24xf32>
    %448 = stablehlo.add %429, %447 : tensor<1x2x2x24xf32>
    %449 = stablehlo.convolution(%448, %arg91) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x2x2x24xf32>, tensor<1x1x24x144xf32>) -> tensor<1x2x2x144xf32>
    %450 = stablehlo.broadcast_in_dim %251, dims = [3] : (tensor<144xf32>) -> tensor<1x2x2x144xf32>
    %451 = stablehlo.multiply %449, %450 : tensor<1x2x2x144xf32>
    %452 = stablehlo.broadcast_in_dim %253, dims = [3] : (tensor<144xf32>) -> tensor<1x2x2x144xf32>
    %453 = stablehlo.add %451, %452 : tensor<1x2x2x144xf32>
    %454 = stablehlo.clamp %cst_14, %453, %cst_13 : (tensor<f32>, tensor<1x2x2x144xf32>, tensor<f32>) -> tensor<1x2x2x144xf32>
    %455 = stablehlo.reshape %arg94 : (tensor<3x3x144x1xf32>) -> tensor<3x3x1x144xf32>
    %456 = stablehlo.convolution(%454, %455) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 144 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x2x2x144xf32>, tensor<3x3x1x144xf32>) -> tensor<1x2x2x144xf32>
    %457 = stablehlo.broadcast_in_dim %254, dims = [3] : (tensor<144xf32>) -> tensor<1x2x2x144xf32>
    %458 = stablehlo.multiply %456, %457 : tensor<1x2x2x144xf32>
    %459 = stablehlo.broadcast_in_dim %256, dims = [3] : (tensor<144xf32>) -> tensor<1x2x2x144xf32>
    %460 = stablehlo.add %458, %459 : tensor<1x2x2x144xf32>
    %461 = stablehlo.clamp %cst_14, %460, %cst_13 : (tensor<f32>, tensor<1x2x2x144xf32>, tensor<f32>) -> tensor<1x2x2x144xf32>
    %462 = stablehlo.convolution(%461, %arg97) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x2x2x144xf32>, tensor<1x1x144x32xf32>) -> tensor<1x2x2x32xf32>
    %463 = stablehlo.broadcast_in_dim %257, dims = [3] : (tensor<32xf32>) -> tensor<1x2x2x32xf32>
    %464 = stablehlo.multiply %462, %463 : tensor<1x2x2x32xf32>
    %465 = stablehlo.broadcast_in_dim %259, dims = [3] : (tensor<32xf32>) -> tensor<1x2x2x32xf32>
    %466 = stablehlo.add %464, %465 : tensor<1x2x2x32xf32>
    %467 = stablehlo.convolution(%466, %arg100) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x2x2x32xf32>, tensor<1x1x32x192xf32>) -> tensor<1x2x2x192xf32>
    %468 = stablehlo.broadcast_in_dim %85, dims = [3] : (tensor<192xf32>) -> tensor<1x2x2x192xf32>
    %469 = stablehlo.multiply %467, %468 : tensor<1x2x2x192xf32>
    %470 = stablehlo.broadcast_in_dim %87, dims = [3] : (tensor<192xf32>) -> tensor<1x2x2x192xf32>
    %471 = stablehlo.add %469, %470 : tensor<1x2x2x192xf32>
    %472 = stablehlo.clamp %cst_14, %471, %cst_13 : (tensor<f32>, tensor<1x2x2x192xf32>, tensor<f32>) -> tensor<1x2x2x192xf32>
    %473 = stablehlo.reshape %arg103 : (tensor<3x3x192x1xf32>) -> tensor<3x3x1x192xf32>
    %474 = stablehlo.convolution(%472, %473) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 192 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x2x2x192xf32>, tensor<3x3x1x192xf32>) -> tensor<1x2x2x192xf32>
    %475 = stablehlo.broadcast_in_dim %90, dims = [3] : (tensor<192xf32>) -> tensor<1x2x2x192xf32>
    %476 = stablehlo.multiply %474, %475 : tensor<1x2x2x192xf32>
    %477 = stablehlo.broadcast_in_dim %92, dims = [3] : (tensor<192xf32>) -> tensor<1x2x2x192xf32>
    %478 = stablehlo.add %476, %477 : tensor<1x2x2x192xf32>
    %479 = stablehlo.clamp %cst_14, %478, %cst_13 : (tensor<f32>, tensor<1x2x2x192xf32>, tensor<f32>) -> tensor<1x2x2x192xf32>
    %480 = stablehlo.convolution(%479, %arg106) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x2x2x192xf32>, tensor<1x1x192x32xf32>) -> tensor<1x2x2x32xf32>
    %481 = stablehlo.broadcast_in_dim %95, dims = [3] : (tensor<32xf32>) -> tensor<1x2x2x32xf32>
    %482 = stablehlo.multiply %480, %481 : tensor<1x2x2x32xf32>
    %483 = stablehlo.broadcast_in_dim %97, dims = [3] : (tensor<32xf32>) -> tensor<1x2x2x32xf32>
    %484 = stablehlo.add %482, %483 : tensor<1x2x2x32xf32>
    %485 = stablehlo.add %466, %484 : tensor<1x2x2x32xf32>
    %486 = stablehlo.convolution(%485, %arg109) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x2x2x32xf32>, tensor<1x1x32x192xf32>) -> tensor<1x2x2x192xf32>
    %487 = stablehlo.broadcast_in_dim %101, dims = [3] : (tensor<192xf32>) -> tensor<1x2x2x192xf32>
    %488 = stablehlo.multiply %486, %487 : tensor<1x2x2x192xf32>
    %489 = stablehlo.broadcast_in_dim %103, dims = [3] : (tensor<192xf32>) -> tensor<1x2x2x192xf32>
    %490 = stablehlo.add %488, %489 : tensor<1x2x2x192xf32>
    %491 = stablehlo.clamp %cst_14, %490, %cst_13 : (tensor<f32>, tensor<1x2x2x192xf32>, tensor<f32>) -> tensor<1x2x2x192xf32>
    %492 = stablehlo.reshape %arg112 : (tensor<3x3x192x1xf32>) -> tensor<3x3x1x192xf32>
    %493 = stablehlo.convolution(%491, %492) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 192 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x2x2x192xf32>, tensor<3x3x1x192xf32>) -> tensor<1x2x2x192xf32>
    %494 = stablehlo.broadcast_in_dim %106, dims = [3] : (tensor<192xf32>) -> tensor<1x2x2x192xf32>
    %495 = stablehlo.multiply %493, %494 : tensor<1x2x2x192xf32>
    %496 = stablehlo.broadcast_in_dim %108, dims = [3] : (tensor<192xf32>) -> tensor<1x2x2x192xf32>
    %497 = stablehlo.add %495, %496 : tensor<1x2x2x192xf32>
    %498 = stablehlo.clamp %cst_14, %497, %cst_13 : (tensor<f32>, tensor<1x2x2x192xf32>, tensor<f32>) -> tensor<1x2x2x192xf32>
    %499 = stablehlo.convolution(%498, %arg115) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x2x2x192xf32>, tensor<1x1x192x32xf32>) -> tensor<1x2x2x32xf32>
    %500 = stablehlo.broadcast_in_dim %111, dims = [3] : (tensor<32xf32>) -> tensor<1x2x2x32xf32>
    %501 = stablehlo.multiply %499, %500 : tensor<1x2x2x32xf32>
    %502 = stablehlo.broadcast_in_dim %113, dims = [3] : (tensor<32xf32>) -> tensor<1x2x2x32xf32>
    %503 = stablehlo.add %501, %502 : tensor<1x2x2x32xf32>
    %504 = stablehlo.add %485, %503 : tensor<1x2x2x32xf32>
    %505 = stablehlo.convolution(%504, %arg118) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x2x2x32xf32>, tensor<1x1x32x192xf32>) -> tensor<1x2x2x192xf32>
    %506 = stablehlo.broadcast_in_dim %116, dims = [3] : (tensor<192xf32>) -> tensor<1x2x2x192xf32>
    %507 = stablehlo.multiply %505, %506 : tensor<1x2x2x192xf32>
    %508 = stablehlo.broadcast_in_dim %118, dims = [3] : (tensor<192xf32>) -> tensor<1x2x2x192xf32>
    %509 = stablehlo.add %507, %508 : tensor<1x2x2x192xf32>
    %510 = stablehlo.clamp %cst_14, %509, %cst_13 : (tensor<f32>, tensor<1x2x2x192xf32>, tensor<f32>) -> tensor<1x2x2x192xf32>
    %511 = stablehlo.pad %510, %cst_14, low = [0, 0, 0, 0], high = [0, 1, 1, 0], interior = [0, 0, 0, 0] : (tensor<1x2x2x192xf32>, tensor<f32>) -> tensor<1x3x3x192xf32>
    %512 = stablehlo.reshape %arg121 : (tensor<3x3x192x1xf32>) -> tensor<3x3x1x192xf32>
    %513 = stablehlo.convolution(%511, %512) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 192 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x3x3x192xf32>, tensor<3x3x1x192xf32>) -> tensor<1x1x1x192xf32>
    %514 = stablehlo.reshape %121 : (tensor<192xf32>) -> tensor<1x1x1x192xf32>
    %515 = stablehlo.multiply %513, %514 : tensor<1x1x1x192xf32>
    %516 = stablehlo.reshape %123 : (tensor<192xf32>) -> tensor<1x1x1x192xf32>
    %517 = stablehlo.add %515, %516 : tensor<1x1x1x192xf32>
    %518 = stablehlo.clamp %cst_14, %517, %cst_13 : (tensor<f32>, tensor<1x1x1x192xf32>, tensor<f32>) -> tensor<1x1x1x192xf32>
    %519 = stablehlo.convolution(%518, %arg124) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x1x1x192xf32>, tensor<1x1x192x56xf32>) -> tensor<1x1x1x56xf32>
    %520 = stablehlo.reshape %126 : (tensor<56xf32>) -> tensor<1x1x1x56xf32>
    %521 = stablehlo.multiply %519, %520 : tensor<1x1x1x56xf32>
    %522 = stablehlo.reshape %128 : (tensor<56xf32>) -> tensor<1x1x1x56xf32>
    %523 = stablehlo.add %521, %522 : tensor<1x1x1x56xf32>
    %524 = stablehlo.convolution(%523, %arg127) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x1x1x56xf32>, tensor<1x1x56x336xf32>) -> tensor<1x1x1x336xf32>
    %525 = stablehlo.reshape %131 : (tensor<336xf32>) -> tensor<1x1x1x336xf32>
    %526 = stablehlo.multiply %524, %525 : tensor<1x1x1x336xf32>
    %527 = stablehlo.reshape %133 : (tensor<336xf32>) -> tensor<1x1x1x336xf32>
    %528 = stablehlo.add %526, %527 : tensor<1x1x1x336xf32>
    %529 = stablehlo.clamp %cst_14, %528, %cst_13 : (tensor<f32>, tensor<1x1x1x336xf32>, tensor<f32>) -> tensor<1x1x1x336xf32>
    %530 = stablehlo.reshape %arg130 : (tensor<3x3x336x1xf32>) -> tensor<3x3x1x336xf32>
    %531 = stablehlo.convolution(%529, %530) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 336 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x1x1x336xf32>, tensor<3x3x1x336xf32>) -> tensor<1x1x1x336xf32>
    %532 = stablehlo.reshape %136 : (tensor<336xf32>) -> tensor<1x1x1x336xf32>
    %533 = stablehlo.multiply %531, %532 : tensor<1x1x1x336xf32>
    %534 = stablehlo.reshape %138 : (tensor<336xf32>) -> tensor<1x1x1x336xf32>
    %535 = stablehlo.add %533, %534 : tensor<1x1x1x336xf32>
    %536 = stablehlo.clamp %cst_14, %535, %cst_13 : (tensor<f32>, tensor<1x1x1x336xf32>, tensor<f32>) -> tensor<1x1x1x336xf32>
    %537 = stablehlo.convolution(%536, %arg133) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x1x1x336xf32>, tensor<1x1x336x56xf32>) -> tensor<1x1x1x56xf32>
    %538 = stablehlo.reshape %141 : (tensor<56xf32>) -> tensor<1x1x1x56xf32>
    %539 = stablehlo.multiply %537, %538 : tensor<1x1x1x56xf32>
    %540 = stablehlo.reshape %143 : (tensor<56xf32>) -> tensor<1x1x1x56xf32>
    %541 = stablehlo.add %539, %540 : tensor<1x1x1x56xf32>
    %542 = stablehlo.add %523, %541 : tensor<1x1x1x56xf32>
    %543 = stablehlo.convolution(%542, %arg136) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x1x1x56xf32>, tensor<1x1x56x336xf32>) -> tensor<1x1x1x336xf32>
    %544 = stablehlo.reshape %146 : (tensor<336xf32>) -> tensor<1x1x1x336xf32>
    %545 = stablehlo.multiply %543, %544 : tensor<1x1x1x336xf32>
    %546 = stablehlo.reshape %148 : (tensor<336xf32>) -> tensor<1x1x1x336xf32>
    %547 = stablehlo.add %545, %546 : tensor<1x1x1x336xf32>
    %548 = stablehlo.clamp %cst_14, %547, %cst_13 : (tensor<f32>, tensor<1x1x1x336xf32>, tensor<f32>) -> tensor<1x1x1x336xf32>
    %549 = stablehlo.reshape %arg139 : (tensor<3x3x336x1xf32>) -> tensor<3x3x1x336xf32>
    %550 = stablehlo.convolution(%548, %549) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 336 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x1x1x336xf32>, tensor<3x3x1x336xf32>) -> tensor<1x1x1x336xf32>
    %551 = stablehlo.reshape %153 : (tensor<336xf32>) -> tensor<1x1x1x336xf32>
    %552 = stablehlo.multiply %550, %551 : tensor<1x1x1x336xf32>
    %553 = stablehlo.reshape %155 : (tensor<336xf32>) -> tensor<1x1x1x336xf32>
    %554 = stablehlo.add %552, %553 : tensor<1x1x1x336xf32>
    %555 = stablehlo.clamp %cst_14, %554, %cst_13 : (tensor<f32>, tensor<1x1x1x336xf32>, tensor<f32>) -> tensor<1x1x1x336xf32>
    %556 = stablehlo.convolution(%555, %arg142) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x1x1x336xf32>, tensor<1x1x336x56xf32>) -> tensor<1x1x1x56xf32>
    %557 = stablehlo.reshape %158 : (tensor<56xf32>) -> tensor<1x1x1x56xf32>
    %558 = stablehlo.multiply %556, %557 : tensor<1x1x1x56xf32>
    %559 = stablehlo.reshape %160 : (tensor<56xf32>) -> tensor<1x1x1x56xf32>
    %560 = stablehlo.add %558, %559 : tensor<1x1x1x56xf32>
    %561 = stablehlo.add %542, %560 : tensor<1x1x1x56xf32>
    %562 = stablehlo.convolution(%561, %arg145) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x1x1x56xf32>, tensor<1x1x56x336xf32>) -> tensor<1x1x1x336xf32>
    %563 = stablehlo.reshape %163 : (tensor<336xf32>) -> tensor<1x1x1x336xf32>
    %564 = stablehlo.multiply %562, %563 : tensor<1x1x1x336xf32>
    %565 = stablehlo.reshape %165 : (tensor<336xf32>) -> tensor<1x1x1x336xf32>
    %566 = stablehlo.add %564, %565 : tensor<1x1x1x336xf32>
    %567 = stablehlo.clamp %cst_14, %566, %cst_13 : (tensor<f32>, tensor<1x1x1x336xf32>, tensor<f32>) -> tensor<1x1x1x336xf32>
    %568 = stablehlo.reshape %arg148 : (tensor<3x3x336x1xf32>) -> tensor<3x3x1x336xf32>
    %569 = stablehlo.convolution(%567, %568) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 336 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x1x1x336xf32>, tensor<3x3x1x336xf32>) -> tensor<1x1x1x336xf32>
    %570 = stablehlo.reshape %168 : (tensor<336xf32>) -> tensor<1x1x1x336xf32>
    %571 = stablehlo.multiply %569, %570 : tensor<1x1x1x336xf32>
    %572 = stablehlo.reshape %170 : (tensor<336xf32>) -> tensor<1x1x1x336xf32>
    %573 = stablehlo.add %571, %572 : tensor<1x1x1x336xf32>
    %574 = stablehlo.clamp %cst_14, %573, %cst_13 : (tensor<f32>, tensor<1x1x1x336xf32>, tensor<f32>) -> tensor<1x1x1x336xf32>
    %575 = stablehlo.convolution(%574, %arg151) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x1x1x336xf32>, tensor<1x1x336x112xf32>) -> tensor<1x1x1x112xf32>
    %576 = stablehlo.reshape %173 : (tensor<112xf32>) -> tensor<1x1x1x112xf32>
    %577 = stablehlo.multiply %575, %576 : tensor<1x1x1x112xf32>
    %578 = stablehlo.reshape %175 : (tensor<112xf32>) -> tensor<1x1x1x112xf32>
    %579 = stablehlo.add %577, %578 : tensor<1x1x1x112xf32>
    %580 = stablehlo.convolution(%579, %arg154) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x1x1x112xf32>, tensor<1x1x112x1280xf32>) -> tensor<1x1x1x1280xf32>
    %581 = stablehlo.reshape %179 : (tensor<1280xf32>) -> tensor<1x1x1x1280xf32>
    %582 = stablehlo.multiply %580, %581 : tensor<1x1x1x1280xf32>
    %583 = stablehlo.reshape %181 : (tensor<1280xf32>) -> tensor<1x1x1x1280xf32>
    %584 = stablehlo.add %582, %583 : tensor<1x1x1x1280xf32>
    %585 = stablehlo.clamp %cst_14, %584, %cst_13 : (tensor<f32>, tensor<1x1x1x1280xf32>, tensor<f32>) -> tensor<1x1x1x1280xf32>
    %586 = stablehlo.reduce(%585 init: %cst_12) applies stablehlo.add across dimensions = [1, 2] : (tensor<1x1x1x1280xf32>, tensor<f32>) -> tensor<1x1280xf32>
    %587 = stablehlo.divide %586, %cst : tensor<1x1280xf32>
    %588 = stablehlo.dot %587, %arg157, precision = [DEFAULT, DEFAULT] : (tensor<1x1280xf32>, tensor<1280x10xf32>) -> tensor<1x10xf32>
    %589 = stablehlo.reshape %arg158 : (tensor<10xf32>) -> tensor<1x10xf32>
    %590 = stablehlo.add %588, %589 : tensor<1x10xf32>
    %591 = stablehlo.reduce(%590 init: %cst_11) applies stablehlo.maximum across dimensions = [1] : (tensor<1x10xf32>, tensor<f32>) -> tensor<1xf32>
    %592 = stablehlo.reshape %591 : (tensor<1xf32>) -> tensor<1x1xf32>
    %593 = stablehlo.broadcast_in_dim %592, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<1x10xf32>
    %594 = stablehlo.subtract %590, %593 : tensor<1x10xf32>
    %595 = stablehlo.exponential %594 : tensor<1x10xf32>
    %596 = stablehlo.reduce(%595 init: %cst_12) applies stablehlo.add across dimensions = [1] : (tensor<1x10xf32>, tensor<f32>) -> tensor<1xf32>
    %597 = stablehlo.reshape %596 : (tensor<1xf32>) -> tensor<1x1xf32>
    %598 = stablehlo.broadcast_in_dim %597, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<1x10xf32>
    %599 = stablehlo.divide %595, %598 : tensor<1x10xf32>
    return %599 : tensor<1x10xf32>
  }
}
