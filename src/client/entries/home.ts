// The home page: the hero carousel, the weather widget and "Save the guide for offline".
import { initCarousel } from "../carousel.ts";
import { initSaveOffline } from "../save-offline.ts";
import { initWeather } from "../weather.ts";

initCarousel();
initWeather();
initSaveOffline();
