/** System settings (fr-FR). */
export default {};
