/** The full name is derived from first and last name, never stored (SPEC.md section 3). */
export function fullNameOf(firstName: string, lastName: string): string {
  return `${firstName} ${lastName}`;
}
