const weights = [1, 2, 1, 2, 1, 2, 4, 1];

/**
 * Taiwan's unified business number (統一編號): 8 digits whose weighted digit sum
 * is divisible by 5; when the 7th digit is 7 its product 28 may count as 10 or 11.
 */
export function isValidTaiwanTaxId(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  const sums = [...value].map((digit, i) => {
    const product = Number(digit) * weights[i]!;
    return Math.floor(product / 10) + (product % 10);
  });
  const total = sums.reduce((a, b) => a + b, 0);
  if (total % 5 === 0) return true;
  return value[6] === '7' && (total + 1) % 5 === 0;
}
