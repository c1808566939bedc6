/** Common problem management (ko-KR). */
import type en from './en-US';

const messages: typeof en = {
  title: '자주 묻는 질문 관리',
  language: '언어',
  question: '질문',
  answer: '답변',
  published: '게시됨',
  keywordHint: '질문 또는 답변의 일부',
  create: '새 자주 묻는 질문',
  createTitle: '새 자주 묻는 질문',
  editTitle: '자주 묻는 질문 편집',
  saved: '자주 묻는 질문이 저장되었습니다',
  deleted: '삭제되었습니다',
  publishedNow: '게시되었습니다',
  withdrawn: '게시가 취소되었습니다',
  errors: {
    platformOnly: '플랫폼 사용자만 플랫폼 공통 데이터를 변경할 수 있습니다',
    notFound: '항목이 더 이상 존재하지 않습니다',
  },
};
export default messages;
