/** Announcement management (ko-KR). */
import type en from './en-US';

const messages: typeof en = {
  title: '공지 관리',
  intro: '공지가 켜져 있고 기간 안이면 모든 사용자에게 로그인 후 팝업으로 표시됩니다.',
  saved: '공지가 저장되었습니다',
  fields: {
    titleCh: '제목 (중국어)',
    titleEn: '제목 (영어)',
    contentCh: '내용 (중국어)',
    contentEn: '내용 (영어)',
    period: '기간',
    start: '시작',
    end: '종료 (비우면 종료 없음)',
    colseTipOn: '팝업 표시',
  },
  endAfterStart: '기간의 종료는 시작보다 늦어야 합니다',
  titleNeeded: '팝업을 표시하려면 중국어 또는 영어 제목을 입력하세요',
  contentNeeded: '팝업을 표시하려면 중국어 또는 영어 내용을 입력하세요',
  preview: '미리 보기',
  previewChinese: '중국어',
  previewEnglish: '영어',
  previewEmpty: '아직 미리 볼 내용이 없습니다',
  status: {
    active: '표시 중',
    scheduled: '예정됨',
    ended: '기간 종료',
    off: '팝업 꺼짐',
  },
};

export default messages;
