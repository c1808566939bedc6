/** Registration and password recovery (it-IT). */
export default {};
