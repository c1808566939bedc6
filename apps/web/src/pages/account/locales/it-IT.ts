/** Personal center (it-IT). */
export default {};
