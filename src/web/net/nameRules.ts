/**
 * The server's rule for display names (protocol `DisplayName`: 1–40 characters once trimmed, no
 * control characters), checked in the browser to say what is wrong before anything is sent. Free of
 * the DOM, so Node tests import it too.
 */

export const NAME_MAX = 40;

/** What is wrong with a display name, in words for the person typing it, or null. */
export function nameProblem(raw: string): string | null {
  const name = raw.trim();
  if (name.length === 0) return 'Enter a name the other players will see.';
  // The server counts UTF-16 units, as JavaScript's length does.
  if (name.length > NAME_MAX)
    return `That name is too long: at most ${NAME_MAX} characters (${name.length} now).`;
  if (/\p{C}/u.test(name)) return 'A name may not contain control characters.';
  return null;
}
