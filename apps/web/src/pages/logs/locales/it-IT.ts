/** System log (it-IT). */
export default {};
