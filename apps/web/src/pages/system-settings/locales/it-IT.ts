/** System settings (it-IT). */
export default {};
