/** The one function the app takes from punycode.js (which ships no types). */
declare module 'punycode/punycode.es6.js' {
  /** A domain or an address with its `xn--` labels in Unicode; throws a RangeError on invalid Punycode. */
  export function toUnicode(input: string): string;
}
