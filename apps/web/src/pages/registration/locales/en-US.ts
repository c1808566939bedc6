/** Registration and password recovery (en-US). */
export default {};
