/** Institution management and agent activation (fr-FR). */
export default {};
