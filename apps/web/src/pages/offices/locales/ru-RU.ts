/** Institution management and agent activation (ru-RU). */
export default {};
