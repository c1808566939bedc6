/** Personal center (fr-FR). */
export default {};
