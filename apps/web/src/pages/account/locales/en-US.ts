/** Personal center (en-US). */
export default {};
