/** Spec 02 §9: the avatar shows the first 2 letters of the name (accents kept, upper case). */
export function avatarInitials(name: string): string {
  const letters = [...name.normalize('NFC')].filter((char) => /\p{L}/u.test(char));
  return letters.slice(0, 2).join('').toLocaleUpperCase('pt-BR') || '?';
}
