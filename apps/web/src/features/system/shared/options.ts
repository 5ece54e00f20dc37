/** Yes ('Y') or no ('N'): RuoYi's flags (a built-in setting, a dictionary entry's default). */
export const YES_NO_OPTIONS = [
  { value: 'Y', label: 'yes' },
  { value: 'N', label: 'no' },
];
