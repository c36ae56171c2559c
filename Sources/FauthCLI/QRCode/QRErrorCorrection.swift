/// Reed–Solomon error correction over GF(256) as QR codes use it (ISO/IEC 18004): the field made by the primitive
/// polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D), generator polynomials (x − α⁰)…(x − αⁿ⁻¹).
enum QRErrorCorrection {
    /// α^i for i in 0..<255, and the logarithm of every non-zero element.
    private static let (exponents, logarithms): ([UInt8], [Int]) = {
        var exponents = [UInt8](repeating: 0, count: 255)
        var logarithms = [Int](repeating: 0, count: 256)
        var value = 1
        for power in 0..<255 {
            exponents[power] = UInt8(value)
            logarithms[value] = power
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        return (exponents, logarithms)
    }()

    /// The product of two field elements.
    static func multiply(_ left: UInt8, _ right: UInt8) -> UInt8 {
        guard left != 0, right != 0 else { return 0 }
        return exponents[(logarithms[Int(left)] + logarithms[Int(right)]) % 255]
    }

    /// The coefficients of the generator polynomial of degree `degree`, highest power first, the leading 1 left out.
    static func generator(degree: Int) -> [UInt8] {
        var polynomial: [UInt8] = [1]
        for root in 0..<degree {
            // Multiply by (x + α^root); in GF(2⁸) subtraction is addition.
            var product = [UInt8](repeating: 0, count: polynomial.count + 1)
            for (index, coefficient) in polynomial.enumerated() {
                product[index] ^= coefficient
                product[index + 1] ^= multiply(coefficient, exponents[root])
            }
            polynomial = product
        }
        return Array(polynomial.dropFirst())
    }

    /// The `count` error-correction codewords of `data`: the remainder of data·x^count divided by the generator.
    static func codewords(for data: [UInt8], count: Int) -> [UInt8] {
        let generator = generator(degree: count)
        var remainder = [UInt8](repeating: 0, count: count)
        for byte in data {
            let factor = byte ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            for index in 0..<count {
                remainder[index] ^= multiply(generator[index], factor)
            }
        }
        return remainder
    }
}
