/** System log (fr-FR). */
export default {};
