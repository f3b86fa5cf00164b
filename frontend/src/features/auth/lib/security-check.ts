/** Spec 01 §5: the sum of two random digits 1 to 9. It slows scripted sign-ups; it is not a CAPTCHA. */
export type SecurityCheck = { a: number; b: number };

export function createSecurityCheck(random: () => number = Math.random): SecurityCheck {
  const digit = () => 1 + Math.floor(random() * 9);
  return { a: digit(), b: digit() };
}

export function securityCheckQuestion(check: SecurityCheck): string {
  return `Quanto é ${check.a} + ${check.b}?`;
}

export function isSecurityCheckSolved(check: SecurityCheck, answer: string): boolean {
  return answerMatchesSum(answer, check.a + check.b);
}

export function answerMatchesSum(answer: string, expected: number): boolean {
  const trimmed = answer.trim();
  return /^\d+$/.test(trimmed) && Number(trimmed) === expected;
}
