/**
^ * A hardware claim code (docs/decisions.md, binding): read off a label and typed in by hand, so it has no 0/O
 * or 1/I/L, and people's spaces, hyphens and lower case are forgiven.
 */
export const claimCodeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const claimCodeLength = 12;

/** The code as it is compared: without spaces or hyphens, in capitals. */
export const normaliseClaimCode = (code: string): string => code.replace(/[\s-]/g, '').toUpperCase();

/** What the claim-code form says of a typed code (the spec's form rules), or null when it can be one. */
export type ClaimCodeProblem =
  { rule: 'excludedCharacter'; character: string } | { rule: 'exactLength'; length: number };

export function claimCodeProblem(typed: string): ClaimCodeProblem | null {
  const code = normaliseClaimCode(typed);
  const excluded = [...code].find((character) => !claimCodeAlphabet.includes(character));
  if (excluded !== undefined) return { rule: 'excludedCharacter', character: excluded };
  if (code.length !== claimCodeLength) return { rule: 'exactLength', length: claimCodeLength };
  return null;
}
