/** A ten-card deck with the promo spells Pulsa Pugnum, Swap Potion Ability Tokens and Re-drop, shared by tests. */
export const PROMO = [
  'hourglass',
  'add-cubes',
  'plus-three',
  'reverse',
  'freeze',
  'block',
  'change',
  'pulsa-pugnum',
  'swap-tokens',
  'redrop',
];
