/** Institution management and agent activation (it-IT). */
export default {};
