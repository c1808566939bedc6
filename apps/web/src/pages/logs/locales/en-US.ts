/** System log (en-US). */
export default {};
