/** Announcement management (ko-KR). */
import type en from './en-US';

const messages: typeof en = {
  title: '공지 관리',
  intro: '공지가 켜져 있고 기간 안이면 모든 사용자에게 로그인 후 팝업으로 표시됩니다.',
  saved: '공지가 저장되었습니다',
  fields: {
    texts: '제목과 내용',
    titleIn: '제목 ({{language}})',
    contentIn: '내용 ({{language}})',
    period: '기간',
    start: '시작',
    end: '종료 (비우면 종료 없음)',
    colseTipOn: '팝업 표시',
  },
  endAfterStart: '기간의 종료는 시작보다 늦어야 합니다',
  titleNeeded: '팝업을 표시하려면 이 언어의 제목을 입력하거나 언어를 제거하세요',
  contentNeeded: '팝업을 표시하려면 이 언어의 내용을 입력하거나 언어를 제거하세요',
  addLanguage: '언어 추가',
  removeLanguage: '언어 제거',
  preview: '미리 보기',
  previewLanguage: '미리보기 언어',
  previewEmpty: '아직 미리 볼 내용이 없습니다',
  status: {
    active: '표시 중',
    scheduled: '예정됨',
    ended: '기간 종료',
    off: '팝업 꺼짐',
  },
};

export default messages;
