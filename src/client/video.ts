/**
 * Video facades: a poster and a play button linking to the video. A click swaps in the player's
 * iframe (youtube-nocookie), so nothing from the video service loads until a reader asks.
 */
export function videoIframe(id: string, title: string): HTMLIFrameElement {
  const iframe = document.createElement("iframe");
  iframe.src = `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?autoplay=1`;
  iframe.title = title;
  iframe.width = "100%";
  iframe.height = "315";
  iframe.loading = "lazy";
  iframe.allow = "accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share";
  iframe.allowFullscreen = true;
  iframe.referrerPolicy = "strict-origin-when-cross-origin";
  iframe.className = "video-frame";
  return iframe;
}

export function initVideos(): void {
  document.addEventListener("click", (event) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const facade = (event.target as Element | null)?.closest?.<HTMLAnchorElement>("a.video-facade[data-video-id]");
    // Without an id there is no player to show (a template never renders such a facade): the link stays a link.
    if (!facade?.dataset.videoId) return;
    event.preventDefault();
    const iframe = videoIframe(facade.dataset.videoId, facade.dataset.videoTitle ?? "Video");
    facade.replaceWith(iframe);
    iframe.focus();
  });
}
