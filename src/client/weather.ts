/**
 * The weather widget (weatherwidget.io): its script turns the a.weatherwidget-io link into a
 * forecast. It is loaded only after the page has finished loading so it never delays the page;
 * when it is blocked or offline, the link stays as it is, styled by our own CSS.
 */
export function initWeather(): void {
  const aside = document.querySelector<HTMLElement>("aside.weather[data-weather-script]");
  const link = aside?.querySelector<HTMLAnchorElement>("a.weather-link");
  const src = aside?.dataset.weatherScript;
  if (!aside || !link || !src) return;
  const load = () => {
    if (document.getElementById("weatherwidget-io-js")) return;
    link.classList.add("weatherwidget-io");
    const script = document.createElement("script");
    script.id = "weatherwidget-io-js";
    script.src = src;
    script.async = true;
    script.addEventListener("load", () => aside.classList.add("is-loaded"));
    script.addEventListener("error", () => {
      script.remove();
      aside.classList.add("is-offline");
    });
    document.body.append(script);
  };
  if (document.readyState === "complete") load();
  else window.addEventListener("load", load, { once: true });
}
