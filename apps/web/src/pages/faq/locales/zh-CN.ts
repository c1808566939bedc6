/** Common problem management (zh-CN). */
import type en from './en-US';

const messages: typeof en = {
  title: '常见问题管理',
  language: '语言',
  question: '问题',
  answer: '答案',
  published: '已发布',
  keywordHint: '问题或答案中的文字',
  create: '新增常见问题',
  createTitle: '新增常见问题',
  editTitle: '编辑常见问题',
  saved: '常见问题已保存',
  deleted: '已删除',
  publishedNow: '已发布',
  withdrawn: '已撤回',
  errors: {
    platformOnly: '只有平台用户可以修改平台级数据',
    notFound: '该条目已不存在',
  },
};
export default messages;
