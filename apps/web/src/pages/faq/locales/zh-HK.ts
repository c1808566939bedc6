/** Common problem management (zh-HK). */
import type en from './en-US';

const messages: typeof en = {
  title: '常見問題管理',
  language: '語言',
  question: '問題',
  answer: '答案',
  published: '已發佈',
  keywordHint: '問題或答案中的文字',
  create: '新增常見問題',
  createTitle: '新增常見問題',
  editTitle: '編輯常見問題',
  saved: '常見問題已儲存',
  deleted: '已刪除',
  publishedNow: '已發佈',
  withdrawn: '已撤回',
  errors: {
    platformOnly: '只有平台用戶可以修改平台級數據',
    notFound: '該條目已不存在',
  },
};
export default messages;
