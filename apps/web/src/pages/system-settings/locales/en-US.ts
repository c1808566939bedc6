/** System settings (en-US). */
export default {};
